import { z } from "zod";
import { notificationEventTypeSchema, type Notification } from "../contracts/notifications.ts";
import { queryAll } from "./query.ts";

export type NotificationEventType = z.infer<typeof notificationEventTypeSchema>;

export type NewNotification = {
  userId: string;
  eventType: NotificationEventType;
  title: string;
  body?: string;
  link?: string | null;
  campaignId?: string | null;
  /** Names the event; a second notification with the same key is ignored, so each event notifies once. */
  dedupeKey: string;
  createdAt: number;
  /** When it was read; absent for a new (unread) notification. Demo data and imports set it. */
  readAt?: number | null;
};

/** One notification, as a statement to batch with the change that causes it. */
export function insertNotificationStatement(db: D1Database, notification: NewNotification) {
  const readAt = notification.readAt ?? null;
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at, is_read, read_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(
      `ntf_${crypto.randomUUID()}`,
      notification.userId,
      notification.eventType,
      notification.title,
      notification.body ?? "",
      notification.link ?? null,
      notification.campaignId ?? null,
      notification.dedupeKey,
      notification.createdAt,
      readAt === null ? 0 : 1,
      readAt,
    );
}

const notificationRowSchema = z
  .object({
    id: z.string(),
    event_type: notificationEventTypeSchema,
    title: z.string(),
    body: z.string(),
    link: z.string().nullable(),
    campaign_id: z.string().nullable(),
    is_read: z.union([z.literal(0), z.literal(1)]),
    created_at: z.number().int(),
  })
  .transform((row): Notification => ({
    id: row.id,
    eventType: row.event_type,
    title: row.title,
    body: row.body,
    link: row.link,
    campaignId: row.campaign_id,
    isRead: row.is_read === 1,
    createdAt: row.created_at,
  }));

/** A user's most recent notifications, newest first. */
export function listRecentNotifications(db: D1Database, userId: string, limit: number): Promise<Notification[]> {
  return queryAll(
    db
      .prepare(
        `SELECT id, event_type, title, body, link, campaign_id, is_read, created_at FROM notifications
         WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .bind(userId, limit),
    notificationRowSchema,
  );
}

/**
 * Marks one of the user's notifications read; false when the user has no notification with this id (someone
 * else's counts as none). Marking a read one again keeps its first read time.
 */
export async function markNotificationRead(db: D1Database, userId: string, notificationId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE notifications SET is_read = 1, read_at = COALESCE(read_at, ?) WHERE id = ? AND user_id = ?`)
    .bind(now, notificationId, userId)
    .run();
  return result.meta.changes > 0;
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: D1Database, userId: string, now: number): Promise<number> {
  const result = await db
    .prepare(`UPDATE notifications SET is_read = 1, read_at = ? WHERE user_id = ? AND is_read = 0`)
    .bind(now, userId)
    .run();
  return result.meta.changes;
}
