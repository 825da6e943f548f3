import type { z } from "zod";
import type { notificationEventTypeSchema } from "../contracts/notifications.ts";

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
};

/** One notification, as a statement to batch with the change that causes it. */
export function insertNotificationStatement(db: D1Database, notification: NewNotification) {
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (dedupe_key) DO NOTHING`,
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
    );
}
