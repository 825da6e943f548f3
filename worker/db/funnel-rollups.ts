import type { Database } from "../database.ts";
import { funnelSteps } from "../contracts/analytics.ts";
import { funnelRowSchema, type FunnelRow } from "../contracts/funnel.ts";
import { allRows, deletedRowCount, runQuery, type Query } from "./query.ts";

/**
 * The tables `funnel_daily`, `funnel_daily_devices` and `analytics_rollup_messages` (migration 0027): the daily
 * rollups the analytics queue consumer keeps of the tracker's events, whose raw form goes to R2
 * (docs/decisions/036-events-out-of-d1.md), and the landing → sign-in → join funnel read from them.
 */

/** What a rollup needs of one event; the consumer derives it from the event it archives. */
export type RollupEvent = {
  /** The queue message the event came in: its increments of `funnel_daily` are added once per message. */
  messageId: string;
  name: string;
  deviceId: string;
  advertiserId: string | null;
  campaignId: string | null;
  utmCampaign: string | null;
  /** The UTC day the event happened, YYYY-MM-DD. */
  day: string;
};

/** Rows per statement: each statement carries its rows as one JSON parameter, kept well under D1's 2 MB value limit. */
const MAX_STATEMENT_PAYLOAD_CHARS = 900_000;

function jsonChunks(rows: readonly unknown[]): string[] {
  const chunks: string[] = [];
  let chunk: string[] = [];
  let chunkChars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (chunkChars + json.length > MAX_STATEMENT_PAYLOAD_CHARS && chunk.length > 0) {
      chunks.push(`[${chunk.join(",")}]`);
      chunk = [];
      chunkChars = 0;
    }
    chunk.push(json);
    chunkChars += json.length + 1;
  }
  if (chunk.length > 0) chunks.push(`[${chunk.join(",")}]`);
  return chunks;
}

/**
 * The events of a JSON parameter (?1) with the advertiser and campaign they count toward: a campaign that exists
 * names its advertiser; an event naming only an advertiser that exists counts with campaign ''. Others count nowhere.
 */
const resolvedEvents = `
  SELECT COALESCE(c.advertiser_id, a.id) AS advertiser_id, COALESCE(c.id, '') AS campaign_id, e.day, e.name,
    COALESCE(e.utm_campaign, '') AS utm_campaign, e.device_id, e.message_id
  FROM (
    SELECT json_extract(j.value, '$.messageId') AS message_id, json_extract(j.value, '$.name') AS name,
      json_extract(j.value, '$.deviceId') AS device_id, json_extract(j.value, '$.advertiserId') AS advertiser_id,
      json_extract(j.value, '$.campaignId') AS campaign_id, json_extract(j.value, '$.utmCampaign') AS utm_campaign,
      json_extract(j.value, '$.day') AS day
    FROM json_each(?1) AS j
  ) AS e
  LEFT JOIN campaigns c ON c.id = e.campaign_id
  LEFT JOIN advertisers a ON e.campaign_id IS NULL AND a.id = e.advertiser_id
  WHERE (c.id IS NOT NULL OR a.id IS NOT NULL)`;

/**
 * Marks the messages of one delivery as counted, unless an earlier delivery counted them; returns (RETURNING) the
 * ids this delivery marked. The rollup statements of the same batch add only the events of messages marked with
 * this `deliveryId`, so a message delivered again is counted once.
 */
export function markRollupMessagesStatement(
  db: Database,
  messageIds: readonly string[],
  deliveryId: string,
  now: number,
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT OR IGNORE INTO analytics_rollup_messages (message_id, delivery_id, processed_at)
       SELECT value, ?2, ?3 FROM json_each(?1) RETURNING message_id`,
    )
    .bind(JSON.stringify(messageIds), deliveryId, now);
}

/**
 * The statements that add events to the rollups, for the same `db.batch` (one transaction) as
 * `markRollupMessagesStatement`: event counts of the messages this delivery marked, and the devices at each funnel
 * step (idempotent by their primary key, whatever delivered them).
 */
export function rollupEventsStatements(db: Database, events: readonly RollupEvent[], deliveryId: string): D1PreparedStatement[] {
  const [landing, signIn, join] = funnelSteps;
  return jsonChunks(events).flatMap((chunk) => [
    db
      .prepare(
        `INSERT INTO funnel_daily (advertiser_id, campaign_id, day, utm_campaign, event_type, events)
         SELECT r.advertiser_id, r.campaign_id, r.day, r.utm_campaign, r.name, COUNT(*)
         FROM (${resolvedEvents}) AS r
         JOIN analytics_rollup_messages m ON m.message_id = r.message_id AND m.delivery_id = ?2
         WHERE true
         GROUP BY r.advertiser_id, r.campaign_id, r.day, r.utm_campaign, r.name
         ON CONFLICT (advertiser_id, campaign_id, day, utm_campaign, event_type) DO UPDATE SET events = events + excluded.events`,
      )
      .bind(chunk, deliveryId),
    db
      .prepare(
        `INSERT OR IGNORE INTO funnel_daily_devices (advertiser_id, campaign_id, day, event_type, utm_campaign, device_id)
         SELECT r.advertiser_id, r.campaign_id, r.day, r.name, r.utm_campaign, r.device_id
         FROM (${resolvedEvents}) AS r
         WHERE r.name IN (?2, ?3, ?4)`,
      )
      .bind(chunk, landing, signIn, join),
  ]);
}

/** Forgets up to `limit` counted messages processed at or before `before` (the queue no longer redelivers them). */
export async function deleteRollupMessagesBefore(db: Database, before: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM analytics_rollup_messages WHERE message_id IN (
           SELECT message_id FROM analytics_rollup_messages WHERE processed_at <= ? ORDER BY processed_at LIMIT ?
         ) RETURNING 1 AS deleted`,
      )
      .bind(before, limit),
  );
}

/** Whose funnel, over which UTC days (inclusive, YYYY-MM-DD); null days: every day. */
export type FunnelFilter = { advertiserId: string | null; campaignId: string | null; days?: { from: string; to: string } | null };

const allDays = { from: "0000-00-00", to: "9999-99-99" };

/**
 * The funnel in one statement: distinct devices per step, per campaign and utm campaign (last touch at the event),
 * over the asked days, from `funnel_daily_devices` searched by advertiser (and campaign) and day. A device seen on
 * many days counts once. Rows naming only an advertiser count toward each of its published campaigns. Without an
 * advertiser (the admin's view of all), each advertiser's rows are searched the same way.
 */
export function funnelRowsQuery(db: Database, filter: FunnelFilter): Query<FunnelRow[]> {
  const [landing, signIn, join] = funnelSteps;
  const days = filter.days ?? allDays;
  // All advertisers: one index search per advertiser account, never a scan of the rows.
  const devices =
    filter.advertiserId === null ? `advertisers o CROSS JOIN funnel_daily_devices d ON d.advertiser_id = o.id` : `funnel_daily_devices d`;
  const owner = filter.advertiserId === null ? `true` : `d.advertiser_id = ?4`;
  const campaignOnly = filter.campaignId === null ? `d.campaign_id > ''` : `d.campaign_id = ?5`;
  const landingCampaign = filter.campaignId === null ? `` : ` AND c.id = ?5`;
  return allRows(
    db
      .prepare(
        `WITH counted AS (
           SELECT d.device_id, d.event_type, d.utm_campaign, d.campaign_id
           FROM ${devices}
           WHERE ${owner} AND ${campaignOnly} AND d.day >= ?6 AND d.day <= ?7 AND d.event_type IN (?1, ?2, ?3)
           UNION ALL
           SELECT d.device_id, d.event_type, d.utm_campaign, c.id AS campaign_id
           FROM ${devices}
           JOIN campaigns c ON c.advertiser_id = d.advertiser_id AND c.published_at IS NOT NULL${landingCampaign}
           WHERE ${owner} AND d.campaign_id = '' AND d.day >= ?6 AND d.day <= ?7 AND d.event_type IN (?1, ?2, ?3)
         )
         SELECT a.id AS advertiserId, a.name AS advertiserName, c.id AS campaignId, c.title AS campaignName,
           NULLIF(k.utm_campaign, '') AS utmCampaign,
           COUNT(DISTINCT CASE WHEN k.event_type = ?1 THEN k.device_id END) AS landingViews,
           COUNT(DISTINCT CASE WHEN k.event_type = ?2 THEN k.device_id END) AS signInClicks,
           COUNT(DISTINCT CASE WHEN k.event_type = ?3 THEN k.device_id END) AS joins
         FROM counted k JOIN campaigns c ON c.id = k.campaign_id JOIN advertisers a ON a.id = c.advertiser_id
         GROUP BY c.id, k.utm_campaign
         ORDER BY a.name, a.id, c.starts_at DESC, c.id, k.utm_campaign = '', k.utm_campaign`,
      )
      .bind(landing, signIn, join, filter.advertiserId, filter.campaignId, days.from, days.to),
    funnelRowSchema,
  );
}

export function listFunnelRows(db: Database, filter: FunnelFilter): Promise<FunnelRow[]> {
  return runQuery(funnelRowsQuery(db, filter));
}
