import { z } from "zod";
import type { Database } from "../database.ts";
import { allRows, deletedRowCount, firstRow, mapQuery, queryFirst, runBatch, type Query } from "./query.ts";

/**
 * The tables `referral_links`, `referral_click_days`, `conversion_customers` and `conversion_orders` (migration
 * 0050): a creator's short link per campaign, its clicks counted per day, and what ingestion remembers to attribute
 * by click (docs/decisions/043-referral-links.md).
 */

const linkViewSchema = z.object({
  destination_url: z.string().nullable(),
  attribution_window_days: z.number().int(),
  joined: z.number().int(),
  code: z.string().nullable(),
});
export type ReferralLinkView = z.infer<typeof linkViewSchema>;

/**
 * In one statement of the catalog: the campaign's destination and window, whether the user joined it and their link's
 * code (null if none was made). Null when the campaign does not exist. The link's clicks are the campaign's
 * (`creatorClicksQuery`).
 */
export function referralLinkViewQuery(db: Database, campaignId: string, userId: string): Query<ReferralLinkView | null> {
  return firstRow(
    db
      .prepare(
        `SELECT c.destination_url, c.attribution_window_days,
           EXISTS (SELECT 1 FROM campaign_memberships m WHERE m.user_id = ?2 AND m.campaign_id = c.id) AS joined,
           (SELECT l.code FROM referral_links l WHERE l.campaign_id = c.id AND l.user_id = ?2) AS code
         FROM campaigns c WHERE c.id = ?1`,
      )
      .bind(campaignId, userId),
    linkViewSchema,
  );
}

/** How many clicks the creator's link in the campaign has had (its day rows). */
export function creatorClicksQuery(db: Database, campaignId: string, userId: string): Query<number> {
  return mapQuery(
    firstRow(
      db
        .prepare(`SELECT COALESCE(SUM(clicks), 0) AS clicks FROM referral_click_days WHERE campaign_id = ? AND user_id = ?`)
        .bind(campaignId, userId),
      z.object({ clicks: z.number().int() }),
    ),
    (row) => row?.clicks ?? 0,
  );
}

/**
 * Makes the creator's link with `code` unless one exists (then nothing changes): the caller reads the link back, so
 * two requests racing to make it both answer with the same code.
 */
export function insertReferralLinkStatement(db: Database, code: string, campaignId: string, userId: string, now: number) {
  return db
    .prepare(`INSERT INTO referral_links (code, campaign_id, user_id, created_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`)
    .bind(code, campaignId, userId, now);
}

const linkTargetSchema = z.object({
  code: z.string(),
  campaign_id: z.string(),
  user_id: z.string(),
  advertiser_id: z.string(),
  status: z.string(),
  destination_url: z.string().nullable(),
  click_id_param: z.string(),
  attribution_window_days: z.number().int(),
});
export type ReferralLinkTarget = z.infer<typeof linkTargetSchema>;

/**
 * What a visit to `/r/{code}` needs, and what a click id's code stands for: the links of `codes` with their campaigns.
 * This read and ingestion's two below go through `runBatch`: asked for at the same moment, they share one round trip.
 */
export async function findReferralLinkTargets(db: Database, codes: readonly string[]): Promise<ReferralLinkTarget[]> {
  if (codes.length === 0) return [];
  const [targets] = await runBatch(db, [
    allRows(
      db
        .prepare(
          `SELECT l.code, l.campaign_id, l.user_id, c.advertiser_id, c.status, c.destination_url, c.click_id_param, c.attribution_window_days
           FROM referral_links l JOIN campaigns c ON c.id = l.campaign_id WHERE l.code IN (SELECT value FROM json_each(?))`,
        )
        .bind(JSON.stringify(codes)),
      linkTargetSchema,
    ),
  ]);
  return targets;
}

/** A click of a queue delivery, for the day and source counts. */
export type DeliveredClick = {
  messageId: string;
  campaignId: string;
  userId: string;
  /** The UTC day of the click, YYYY-MM-DD. */
  day: string;
  /** 'device:{hash}' and 'address:{hash}'. */
  sources: readonly [string, string];
};

/**
 * The statements that count a delivery's clicks, for the same `db.batch` (one transaction) as the funnel rollups'
 * `markRollupMessagesStatement` (worker/db/funnel-rollups.ts): each link's day row (referral_click_days) and each
 * device's and address's day row for the campaign (referral_click_sources, migration 0066, the flood signals of
 * decision 047), adding only the clicks of messages this delivery marked, so a message delivered again counts once.
 */
export function countDeliveredClicksStatements(db: Database, clicks: readonly DeliveredClick[], deliveryId: string): D1PreparedStatement[] {
  if (clicks.length === 0) return [];
  const rows = JSON.stringify(
    clicks.map((click) => ({ m: click.messageId, c: click.campaignId, u: click.userId, d: click.day, s: click.sources })),
  );
  const marked = `SELECT json_extract(j.value, '$.c') AS campaign_id, json_extract(j.value, '$.u') AS user_id,
           json_extract(j.value, '$.d') AS day, json_extract(j.value, '$.s') AS sources
         FROM json_each(?1) AS j
         JOIN analytics_rollup_messages m ON m.message_id = json_extract(j.value, '$.m') AND m.delivery_id = ?2`;
  return [
    db
      .prepare(
        `INSERT INTO referral_click_days (campaign_id, user_id, day, clicks)
         SELECT campaign_id, user_id, day, COUNT(*) FROM (${marked}) WHERE true GROUP BY campaign_id, user_id, day
         ON CONFLICT (campaign_id, user_id, day) DO UPDATE SET clicks = clicks + excluded.clicks`,
      )
      .bind(rows, deliveryId),
    db
      .prepare(
        `INSERT INTO referral_click_sources (day, campaign_id, source, clicks)
         SELECT k.day, k.campaign_id, s.value, COUNT(*) FROM (${marked}) AS k, json_each(k.sources) AS s WHERE true
         GROUP BY k.day, k.campaign_id, s.value
         ON CONFLICT (day, campaign_id, source) DO UPDATE SET clicks = clicks + excluded.clicks`,
      )
      .bind(rows, deliveryId),
  ];
}

/** Retention: up to `limit` source rows of days before `beforeDay`, oldest first, by the primary key (day leads it). */
export async function deleteClickSourcesBefore(db: Database, beforeDay: string, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM referral_click_sources WHERE (day, campaign_id, source) IN
           (SELECT day, campaign_id, source FROM referral_click_sources WHERE day < ? ORDER BY day LIMIT ?) RETURNING 1 AS deleted`,
      )
      .bind(beforeDay, limit),
  );
}

const customerRowSchema = z.object({
  customer_id: z.string(),
  click_id: z.string(),
  campaign_id: z.string(),
  creator_user_id: z.string(),
});
export type CustomerAttribution = { customerId: string; clickId: string; campaignId: string; creatorUserId: string };

/** The customers among `customerIds` whose attribution through a click is still within its window. */
export async function findCustomerAttributions(
  db: Database,
  advertiserId: string,
  customerIds: readonly string[],
  now: number,
): Promise<CustomerAttribution[]> {
  if (customerIds.length === 0) return [];
  const [rows] = await runBatch(db, [
    allRows(
      db
        .prepare(
          `SELECT customer_id, click_id, campaign_id, creator_user_id FROM conversion_customers
           WHERE advertiser_id = ? AND customer_id IN (SELECT value FROM json_each(?)) AND expires_at > ?`,
        )
        .bind(advertiserId, JSON.stringify(customerIds), now),
      customerRowSchema,
    ),
  ]);
  return rows.map((row) => ({
    customerId: row.customer_id,
    clickId: row.click_id,
    campaignId: row.campaign_id,
    creatorUserId: row.creator_user_id,
  }));
}

/**
 * Remembers (or renews) which click brought each customer, until its `expiresAt`: one statement for a batch, its rows
 * as one JSON parameter. A customer named twice keeps the last.
 */
export function rememberCustomersStatement(
  db: Database,
  advertiserId: string,
  attributions: ReadonlyArray<CustomerAttribution & { expiresAt: number }>,
  now: number,
) {
  return db
    .prepare(
      `INSERT INTO conversion_customers (advertiser_id, customer_id, click_id, campaign_id, creator_user_id, attributed_at, expires_at)
       SELECT ?1, json_extract(j.value, '$.customerId'), json_extract(j.value, '$.clickId'), json_extract(j.value, '$.campaignId'),
         json_extract(j.value, '$.creatorUserId'), ?2, json_extract(j.value, '$.expiresAt')
       FROM json_each(?3) AS j WHERE true
       ON CONFLICT (advertiser_id, customer_id) DO UPDATE SET click_id = excluded.click_id, campaign_id = excluded.campaign_id,
         creator_user_id = excluded.creator_user_id, attributed_at = excluded.attributed_at, expires_at = excluded.expires_at`,
    )
    .bind(advertiserId, now, JSON.stringify(attributions));
}

/** How long an order or invoice id counts once per account. */
export const ORDER_DEDUPLICATION_MS = 7 * 24 * 3_600_000;

/** The orders among `orderIds` already counted for the account within the last 7 days, with the event that counted. */
export async function findRecentOrders(
  db: Database,
  advertiserId: string,
  orderIds: readonly string[],
  now: number,
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const [rows] = await runBatch(db, [
    allRows(
      db
        .prepare(
          `SELECT order_id, event_id FROM conversion_orders
           WHERE advertiser_id = ? AND order_id IN (SELECT value FROM json_each(?)) AND seen_at > ?`,
        )
        .bind(advertiserId, JSON.stringify(orderIds), now - ORDER_DEDUPLICATION_MS),
      z.object({ order_id: z.string(), event_id: z.string() }),
    ),
  ]);
  return new Map(rows.map((row) => [row.order_id, row.event_id]));
}

/** Retention: up to `limit` order rows past their 7 days, oldest first; how many were deleted. */
export async function deleteExpiredOrders(db: Database, now: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM conversion_orders WHERE (advertiser_id, order_id) IN
           (SELECT advertiser_id, order_id FROM conversion_orders WHERE seen_at <= ? ORDER BY seen_at LIMIT ?) RETURNING 1 AS deleted`,
      )
      .bind(now - ORDER_DEDUPLICATION_MS, limit),
  );
}

/** Retention: up to `limit` customer attributions past their window, oldest first; how many were deleted. */
export async function deleteExpiredCustomers(db: Database, now: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM conversion_customers WHERE (advertiser_id, customer_id) IN
           (SELECT advertiser_id, customer_id FROM conversion_customers WHERE expires_at <= ? ORDER BY expires_at LIMIT ?) RETURNING 1 AS deleted`,
      )
      .bind(now, limit),
  );
}

const settingsRowSchema = z.object({
  id: z.string(),
  destination_url: z.string().nullable(),
  click_id_param: z.string(),
  attribution_window_days: z.number().int(),
  participant_count: z.number().int(),
  clicks: z.number().int(),
});
export type ReferralSettingsRow = z.infer<typeof settingsRowSchema>;

/**
 * A campaign of the account with its referral settings, and its participants (each has a link) and clicks from the
 * kept counters. Null when the campaign is not the account's.
 */
export async function findReferralSettings(db: Database, advertiserId: string, campaignId: string): Promise<ReferralSettingsRow | null> {
  return queryFirst(
    db
      .prepare(
        `SELECT c.id, c.destination_url, c.click_id_param, c.attribution_window_days,
           COALESCE(p.participants, 0) AS participant_count, COALESCE(k.clicks, 0) AS clicks
         FROM campaigns c
         LEFT JOIN campaign_participant_counts p ON p.campaign_id = c.id
         LEFT JOIN campaign_click_counts k ON k.campaign_id = c.id
         WHERE c.id = ? AND c.advertiser_id = ?`,
      )
      .bind(campaignId, advertiserId),
    settingsRowSchema,
  );
}

/** Writes the settings of the account's campaign; changes nothing (0 rows) for another account's. */
export function updateReferralSettingsStatement(
  db: Database,
  advertiserId: string,
  campaignId: string,
  settings: { destinationUrl: string | null; clickIdParam: string; attributionWindowDays: number },
  now: number,
) {
  return db
    .prepare(
      `UPDATE campaigns SET destination_url = ?, click_id_param = ?, attribution_window_days = ?, updated_at = ?
       WHERE id = ? AND advertiser_id = ?`,
    )
    .bind(settings.destinationUrl, settings.clickIdParam, settings.attributionWindowDays, now, campaignId, advertiserId);
}
