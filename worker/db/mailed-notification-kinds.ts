import { z } from "zod";
import { notificationEventTypeSchema, type NotificationEventType } from "../contracts/notifications.ts";
import { queryAll, queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/** mailed_notification_kinds (migration 0005): the notification kinds a user also wants by e-mail. */

const kindRowSchema = z.object({ event_type: notificationEventTypeSchema }).transform((row) => row.event_type);

/** The kinds a user has asked to receive by e-mail, in the vocabulary's order. */
export async function listMailedNotificationKinds(db: Database, userId: string): Promise<NotificationEventType[]> {
  const kinds = new Set(
    await queryAll(db.prepare(`SELECT event_type FROM mailed_notification_kinds WHERE user_id = ?`).bind(userId), kindRowSchema),
  );
  return notificationEventTypeSchema.options.filter((kind) => kinds.has(kind));
}

/** Replaces the user's mailed kinds with exactly these (statements to batch with the rest of the settings). */
export function replaceMailedNotificationKindsStatements(db: Database, userId: string, kinds: readonly NotificationEventType[]) {
  return [
    db.prepare(`DELETE FROM mailed_notification_kinds WHERE user_id = ?`).bind(userId),
    ...kinds.map((kind) =>
      db
        .prepare(`INSERT INTO mailed_notification_kinds (user_id, event_type) VALUES (?, ?) ON CONFLICT DO NOTHING`)
        .bind(userId, notificationEventTypeSchema.parse(kind)),
    ),
  ];
}

const recipientRowSchema = z.object({ verified_email: z.string().min(1), name: z.string() });
export type MailRecipient = z.infer<typeof recipientRowSchema>;

/**
 * Where a notification of this kind goes by e-mail: the user's verified address and name, when the user asked for
 * this kind and has a verified address; null otherwise.
 */
export function findMailRecipient(db: Database, userId: string, kind: NotificationEventType): Promise<MailRecipient | null> {
  return queryFirst(
    db
      .prepare(
        `SELECT users.verified_email, COALESCE(users.display_name, users.name) AS name FROM users
         JOIN mailed_notification_kinds ON mailed_notification_kinds.user_id = users.id AND mailed_notification_kinds.event_type = ?
         WHERE users.id = ? AND users.verified_email IS NOT NULL AND users.verified_email <> ''`,
      )
      .bind(kind, userId),
    recipientRowSchema,
  );
}
