import type { Clock } from "../../clock.ts";
import type { Notification } from "../../contracts/notifications.ts";
import {
  countUnreadNotifications,
  listRecentNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from "../../db/notifications.ts";
import { AppError } from "../../contracts/errors.ts";
import type { Database } from "../../database.ts";

/** How many notifications the sidebar gets: enough for weeks of activity, small enough to send every minute. */
export const RECENT_NOTIFICATIONS_LIMIT = 50;

type Deps = { db: Database; clock: Clock };

/** The user's own recent notifications, newest first. */
export function recentNotifications({ db }: Pick<Deps, "db">, userId: string): Promise<Notification[]> {
  return listRecentNotifications(db, userId, RECENT_NOTIFICATIONS_LIMIT);
}

/**
 * The bell's and the title's count (SPEC.md section 4): every unread notification but the unread welcome, whatever
 * its type and however old, not only the types the sidebar keeps or the recent ones it lists.
 */
export function unreadNotificationCount({ db }: Pick<Deps, "db">, userId: string): Promise<number> {
  return countUnreadNotifications(db, userId);
}

/** Marks one read. Another user's notification answers like a missing one, so ids of others reveal nothing. */
export async function markRead({ db, clock }: Deps, userId: string, notificationId: string): Promise<void> {
  const found = await markNotificationRead(db, userId, notificationId, clock.now());
  if (!found) throw new AppError(404, "not_found", "This notification does not exist.");
}

export async function markAllRead({ db, clock }: Deps, userId: string): Promise<void> {
  await markAllNotificationsRead(db, userId, clock.now());
}
