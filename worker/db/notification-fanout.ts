import type { NewNotification, NotificationEventType } from "./notifications.ts";

/**
 * Notifications for many users in ONE statement, with the same columns, id format and once-per-dedupe-key rule as
 * `insertNotificationStatement` (worker/db/notifications.ts). The rewards engine notifies every participant of a
 * campaign at once; one statement per user would make a large campaign exceed D1's queries-per-invocation limit.
 */

/** A `ntf_` + UUID v4 id made by SQLite, matching `notificationIdSchema`. */
const sqlNotificationId = `'ntf_' || lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
  substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
  substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/** A list of notifications (each with its own user, text and dedupe key) as one statement. */
export function insertNotificationsStatement(db: D1Database, notifications: readonly NewNotification[]) {
  const rows = notifications.map((notification) => ({
    u: notification.userId,
    e: notification.eventType,
    t: notification.title,
    b: notification.body ?? "",
    l: notification.link ?? null,
    c: notification.campaignId ?? null,
    k: notification.dedupeKey,
    at: notification.createdAt,
  }));
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, json_extract(value, '$.u'), json_extract(value, '$.e'), json_extract(value, '$.t'),
              json_extract(value, '$.b'), json_extract(value, '$.l'), json_extract(value, '$.c'), json_extract(value, '$.k'),
              json_extract(value, '$.at')
       FROM json_each(?) WHERE true
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(JSON.stringify(rows));
}

export type CampaignAudience =
  /** Everyone who joined the campaign. */
  | "participants"
  /** Creators with at least one post in the campaign. */
  | "posters"
  /** Creators whose every post in the campaign is not-eligible or deleted. */
  | "posters-without-eligible-posts";

const audienceQueries: Record<CampaignAudience, string> = {
  participants: `SELECT user_id FROM campaign_participants WHERE campaign_id = ?1`,
  posters: `SELECT DISTINCT user_id FROM posts WHERE campaign_id = ?1`,
  "posters-without-eligible-posts": `SELECT user_id FROM posts WHERE campaign_id = ?1 GROUP BY user_id
    HAVING SUM(status NOT IN ('not-eligible', 'deleted')) = 0`,
};

/**
 * The same notification for a campaign's audience, in one statement; the dedupe key of each is
 * `{dedupePrefix}:{userId}`, so each user hears of the event once however often this runs.
 */
export function notifyCampaignAudienceStatement(
  db: D1Database,
  input: {
    campaignId: string;
    audience: CampaignAudience;
    eventType: NotificationEventType;
    title: string;
    body: string;
    link: string;
    dedupePrefix: string;
    createdAt: number;
  },
) {
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, audience.user_id, ?2, ?3, ?4, ?5, ?1, ?6 || ':' || audience.user_id, ?7
       FROM (${audienceQueries[input.audience]}) AS audience WHERE true
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(input.campaignId, input.eventType, input.title, input.body, input.link, input.dedupePrefix, input.createdAt);
}
