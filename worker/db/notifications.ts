import { z } from "zod";
import { notificationEventTypeSchema, type Notification } from "../contracts/notifications.ts";
import { noGuard, type StatementGuard } from "./ledger.ts";
import { allRows, deletedRowCount, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

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

/**
 * One notification, as a statement to batch with the change that causes it. With a guard, it is written only if the
 * guard holds when the batch runs (a withdrawal's status change that lost a race notifies nobody).
 */
export function insertNotificationStatement(db: Database, notification: NewNotification, guard: StatementGuard = noGuard) {
  const readAt = notification.readAt ?? null;
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at, is_read, read_at)
       SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${guard.sql}
       ON CONFLICT (dedupe_key) DO NOTHING`,
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
      ...guard.params,
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

/** What `notificationRowSchema` reads. */
const notificationColumns = "id, event_type, title, body, link, campaign_id, is_read, created_at";

/** A user's most recent notifications, newest first. */
export function listRecentNotifications(db: Database, userId: string, limit: number): Promise<Notification[]> {
  return queryAll(
    db
      .prepare(
        `SELECT ${notificationColumns} FROM notifications
         WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .bind(userId, limit),
    notificationRowSchema,
  );
}

/**
 * The user's unread "campaign-eligible" notifications, newest first: the dashboard's "Payouts to confirm" banners, read
 * with the page so that they are in its first paint (the browser keeps them fresh with the same rule,
 * app/features/notifications/utils/notification-rules.ts `eligibleCampaignNotifications`).
 */
export function payoutsToConfirmQuery(db: Database, userId: string, limit: number): Query<Notification[]> {
  return allRows(
    db
      .prepare(
        `SELECT ${notificationColumns} FROM notifications
         WHERE user_id = ? AND is_read = 0 AND event_type = 'campaign-eligible' ORDER BY created_at DESC, id DESC LIMIT ?`,
      )
      .bind(userId, limit),
    notificationRowSchema,
  );
}

/**
 * Marks one of the user's notifications read; false when the user has no notification with this id (someone
 * else's counts as none). Marking a read one again keeps its first read time.
 */
export async function markNotificationRead(db: Database, userId: string, notificationId: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE notifications SET is_read = 1, read_at = COALESCE(read_at, ?) WHERE id = ? AND user_id = ?`)
    .bind(now, notificationId, userId)
    .run();
  return result.meta.changes > 0;
}

/** Marks the notification of one event (its dedupe key) read, in the batch of what settles that event. */
export function markNotificationReadByKeyStatement(db: Database, dedupeKey: string, now: number) {
  return db.prepare(`UPDATE notifications SET is_read = 1, read_at = ? WHERE dedupe_key = ? AND is_read = 0`).bind(now, dedupeKey);
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllNotificationsRead(db: Database, userId: string, now: number): Promise<number> {
  const result = await db
    .prepare(`UPDATE notifications SET is_read = 1, read_at = ? WHERE user_id = ? AND is_read = 0`)
    .bind(now, userId)
    .run();
  return result.meta.changes;
}

const countSchema = z.object({ count: z.number().int() });

/**
 * How many of the user's notifications are unread, over all of them (not only the recent ones) and every type but
 * welcome: an unread welcome is the first-time-user notification, which has its own dialog (SPEC.md section 4).
 */
export async function countUnreadNotifications(db: Database, userId: string): Promise<number> {
  const row = await queryFirst(
    db.prepare(`SELECT COUNT(*) AS count FROM notifications WHERE user_id = ? AND is_read = 0 AND event_type <> 'welcome'`).bind(userId),
    countSchema,
  );
  return row?.count ?? 0;
}

const dedupeFamilySchema = z.object({
  sent: z.number().int(),
  title: z.string().nullable(),
  body: z.string().nullable(),
  link: z.string().nullable(),
  campaign_id: z.string().nullable(),
});

/**
 * The notifications whose dedupe key starts with `prefix` (which must end with a separator that cannot occur inside
 * the part before it): how many there are, and the text of one of them. The range uses the dedupe key's index.
 */
export async function findDedupeFamily(
  db: Database,
  prefix: string,
): Promise<{ sent: number; title: string; body: string; link: string | null; campaignId: string | null } | null> {
  const upperBound = prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
  const row = await queryFirst(
    db
      .prepare(
        `SELECT COUNT(*) AS sent, MIN(title) AS title, MIN(body) AS body, MIN(link) AS link, MIN(campaign_id) AS campaign_id
         FROM notifications WHERE dedupe_key >= ?1 AND dedupe_key < ?2`,
      )
      .bind(prefix, upperBound),
    dedupeFamilySchema,
  );
  if (row === null || row.sent === 0) return null;
  return { sent: row.sent, title: row.title ?? "", body: row.body ?? "", link: row.link, campaignId: row.campaign_id };
}

/** Deletes up to `limit` read notifications created at or before `before`, oldest first. */
export async function deleteReadNotificationsBefore(db: Database, before: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM notifications WHERE id IN (
           SELECT id FROM notifications WHERE is_read = 1 AND created_at <= ? ORDER BY created_at LIMIT ?
         ) RETURNING 1 AS deleted`,
      )
      .bind(before, limit),
  );
}
