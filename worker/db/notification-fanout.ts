import { z } from "zod";
import {
  notificationAudiencesSchema,
  type AudienceCampaign,
  type CampaignAudiencePage,
  type NotificationAudiences,
} from "../contracts/admin.ts";
import { campaignStatusSchema } from "../contracts/vocabulary.ts";
import { noGuard, type StatementGuard } from "./ledger.ts";
import type { NewNotification, NotificationEventType } from "./notifications.ts";
import { allRows, firstRow, mapQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Notifications for many users in ONE statement, with the same columns, id format and once-per-dedupe-key rule as
 * `insertNotificationStatement` (worker/db/notifications.ts). The rewards engine notifies every participant of a
 * campaign at once; one statement per user would make a large campaign exceed D1's queries-per-invocation limit.
 */

/** A `ntf_` + UUID v4 id made by SQLite, matching `notificationIdSchema`. */
export const sqlNotificationId = `'ntf_' || lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' ||
  substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) ||
  substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6)))`;

/**
 * A list of notifications (each with its own user, text and dedupe key) as one statement. With a guard, each is
 * written only when the guard holds for it: its SQL reads the notification's `ref` as `json_extract(entry.value,
 * '$.ref')`, as the guards of the ledger's `insertEntriesStatement` do, so one guard serves both (a review decision's
 * notifications and entries are written only for the items its batch decided).
 */
export function insertNotificationsStatement(
  db: Database,
  notifications: readonly (NewNotification & { ref?: string })[],
  guard: StatementGuard = noGuard,
) {
  const rows = notifications.map((notification) => ({
    u: notification.userId,
    e: notification.eventType,
    t: notification.title,
    b: notification.body ?? "",
    l: notification.link ?? null,
    c: notification.campaignId ?? null,
    k: notification.dedupeKey,
    at: notification.createdAt,
    ...(notification.ref === undefined ? {} : { ref: notification.ref }),
  }));
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, json_extract(entry.value, '$.u'), json_extract(entry.value, '$.e'),
              json_extract(entry.value, '$.t'), json_extract(entry.value, '$.b'), json_extract(entry.value, '$.l'),
              json_extract(entry.value, '$.c'), json_extract(entry.value, '$.k'), json_extract(entry.value, '$.at')
       FROM json_each(?) AS entry WHERE ${guard.sql}
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(JSON.stringify(rows), ...guard.params);
}

/**
 * The badge of a creator's first rewarded post (`vlayer-badge`, docs/decisions/032-spec-server-items.md section 2),
 * for those of `userIds` who were rewarded in this campaign: batched after the campaign's `post_rewards`, it skips
 * anyone with a reward in another campaign (their first came earlier), and the dedupe key
 * `badge:first-rewarded-post:{userId}` gives each creator the badge once, however often evaluation runs.
 */
export function notifyFirstRewardBadgesStatement(
  db: Database,
  input: { campaignId: string; userIds: readonly string[]; title: string; body: string; link: string; createdAt: number },
) {
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, rewarded.value, 'vlayer-badge', ?3, ?4, ?5, ?2, 'badge:first-rewarded-post:' || rewarded.value, ?6
       FROM json_each(?1) AS rewarded
       WHERE EXISTS (SELECT 1 FROM post_rewards r WHERE r.user_id = rewarded.value AND r.campaign_id = ?2 AND r.pool_amount + r.bonus_amount > 0)
         AND NOT EXISTS (SELECT 1 FROM post_rewards r WHERE r.user_id = rewarded.value AND r.campaign_id <> ?2 AND r.pool_amount + r.bonus_amount > 0)
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(JSON.stringify(input.userIds), input.campaignId, input.title, input.body, input.link, input.createdAt);
}

export type CampaignAudience =
  /** Everyone who joined the campaign. */
  | "participants"
  /** Creators with at least one post in the campaign. */
  | "posters"
  /** Creators whose every post in the campaign is not-eligible or deleted. */
  | "posters-without-eligible-posts";

const audienceQueries: Record<CampaignAudience, string> = {
  participants: `SELECT user_id FROM campaign_memberships WHERE campaign_id = ?1`,
  posters: `SELECT DISTINCT user_id FROM posts WHERE campaign_id = ?1`,
  "posters-without-eligible-posts": `SELECT user_id FROM posts WHERE campaign_id = ?1 GROUP BY user_id
    HAVING SUM(status NOT IN ('not-eligible', 'deleted')) = 0`,
};

/** A notification to one audience of a campaign, each recipient's dedupe key the prefix and their id. */
export type AudienceNotification = {
  audience: CampaignAudience;
  eventType: NotificationEventType;
  title: string;
  body: string;
  link: string;
  dedupePrefix: string;
};

/**
 * The same notification for a campaign's audience, in one statement; the dedupe key of each is
 * `{dedupePrefix}:{userId}`, so each user hears of the event once however often this runs.
 */
export function notifyCampaignAudienceStatement(db: Database, input: AudienceNotification & { campaignId: string; createdAt: number }) {
  return db
    .prepare(
      `INSERT INTO notifications (id, user_id, event_type, title, body, link, campaign_id, dedupe_key, created_at)
       SELECT ${sqlNotificationId}, audience.user_id, ?2, ?3, ?4, ?5, ?1, ?6 || ':' || audience.user_id, ?7
       FROM (${audienceQueries[input.audience]}) AS audience WHERE true
       ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(input.campaignId, input.eventType, input.title, input.body, input.link, input.dedupePrefix, input.createdAt);
}

const campaignAudienceRowSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: campaignStatusSchema,
    advertiser_id: z.string(),
    advertiser_name: z.string(),
    creators: z.number().int(),
  })
  .transform((row): AudienceCampaign => ({
    id: row.id,
    title: row.title,
    status: row.status,
    advertiserId: row.advertiser_id,
    advertiserName: row.advertiser_name,
    creators: row.creators,
  }));

/** How many creators there are (whom an ad-hoc notification to all creators reaches), from the count migration 0025 keeps. */
export function creatorCountQuery(db: Database): Query<number> {
  return mapQuery(
    firstRow(db.prepare(`SELECT users AS count FROM user_role_counts WHERE role = 'creator'`), z.object({ count: z.number().int() })),
    (row) => row?.count ?? 0,
  );
}

/** A campaign with how many creators joined it, from the count migration 0025 keeps. */
const audienceSelectFrom = (campaigns: string) => `SELECT c.id, c.title, c.status, c.advertiser_id, a.name AS advertiser_name,
    COALESCE((SELECT participants FROM campaign_participant_counts WHERE campaign_id = c.id), 0) AS creators
  FROM ${campaigns} JOIN advertisers a ON a.id = c.advertiser_id`;

/**
 * Published campaigns, most recently published first, after the campaign `afterId` (the last of the page before):
 * read in the order of campaigns_by_publication (migration 0037), `limit` at a time.
 */
export function recentCampaignAudiencesQuery(db: Database, options: { afterId?: string; limit: number }): Query<AudienceCampaign[]> {
  const after = options.afterId === undefined ? "" : "AND (c.published_at, c.id) < (SELECT published_at, id FROM campaigns WHERE id = ?)";
  return allRows(
    db
      .prepare(
        `${audienceSelectFrom("campaigns AS c INDEXED BY campaigns_by_publication")}
         WHERE c.published_at IS NOT NULL ${after}
         ORDER BY c.published_at DESC, c.id DESC LIMIT ?`,
      )
      .bind(...(options.afterId === undefined ? [] : [options.afterId]), options.limit),
    campaignAudienceRowSchema,
  );
}

/** Past every title that starts with the prefix (U+10FFFF sorts after any character a title can hold). */
const AFTER_EVERY_CHARACTER = "\u{10FFFF}";

/**
 * Published campaigns whose title starts with `titleStartsWith` (ignoring the case of ASCII letters), in title order,
 * after the campaign `afterId`: a range of campaigns_by_title (migration 0037), `limit` at a time.
 */
export function campaignAudiencesByTitleQuery(
  db: Database,
  options: { titleStartsWith: string; afterId?: string; limit: number },
): Query<AudienceCampaign[]> {
  const after = options.afterId === undefined ? "" : "AND (c.title COLLATE NOCASE, c.id) > (SELECT title, id FROM campaigns WHERE id = ?)";
  return allRows(
    db
      .prepare(
        `${audienceSelectFrom("campaigns AS c INDEXED BY campaigns_by_title")}
         WHERE c.published_at IS NOT NULL AND c.title COLLATE NOCASE >= ? AND c.title COLLATE NOCASE < ? ${after}
         ORDER BY c.title COLLATE NOCASE, c.id LIMIT ?`,
      )
      .bind(
        options.titleStartsWith,
        `${options.titleStartsWith}${AFTER_EVERY_CHARACTER}`,
        ...(options.afterId === undefined ? [] : [options.afterId]),
        options.limit,
      ),
    campaignAudienceRowSchema,
  );
}

/** A page of the picker from `limit + 1` rows read: the first `limit`, and the `after` of the next page if there is one. */
export function campaignAudiencePageOf(rows: readonly AudienceCampaign[], limit: number): CampaignAudiencePage {
  const campaigns = rows.slice(0, limit);
  return { campaigns, next: rows.length > limit ? (campaigns.at(-1)?.id ?? null) : null };
}

/** Whom an ad-hoc notification can reach, from `creatorCountQuery` and the first page of `recentCampaignAudiencesQuery`. */
export function notificationAudiencesOf(allCreators: number, campaigns: CampaignAudiencePage): NotificationAudiences {
  return notificationAudiencesSchema.parse({ allCreators, campaigns });
}

/** Whether a campaign exists and creators can see it (published). */
export async function isPublishedCampaign(db: Database, campaignId: string): Promise<boolean> {
  const row = await db.prepare(`SELECT 1 AS found FROM campaigns WHERE id = ? AND published_at IS NOT NULL`).bind(campaignId).first();
  return row !== null;
}
