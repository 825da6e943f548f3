import { funnelSteps } from "../contracts/analytics.ts";
import { funnelRowSchema, type FunnelRow } from "../contracts/funnel.ts";
import { allRows, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The table `analytics_events` (migration 0012): the first-party tracker's events, written by the queue consumer and
 * counted into the landing → sign-in → join funnel (docs/decisions/022-analytics-and-telemetry.md).
 */

/** One event as stored, with its columns already chosen (properties as a JSON object text). */
export type AnalyticsEventRow = {
  id: string;
  name: string;
  deviceId: string;
  /** The signed-in user of the batch; stored as null when that user no longer exists. */
  userId: string | null;
  pagePath: string;
  referrer: string | null;
  advertiserId: string | null;
  campaignId: string | null;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  utmTerm: string | null;
  utmContent: string | null;
  firstUtmSource: string | null;
  firstUtmMedium: string | null;
  firstUtmCampaign: string | null;
  firstUtmTerm: string | null;
  firstUtmContent: string | null;
  inviteId: string | null;
  properties: string;
  occurredAt: number;
  receivedAt: number;
};

/** Rows per statement: each statement carries its rows as one JSON parameter, kept well under D1's 2 MB value limit. */
const MAX_STATEMENT_PAYLOAD_CHARS = 900_000;

const columns: Array<[column: string, key: keyof AnalyticsEventRow]> = [
  ["id", "id"],
  ["name", "name"],
  ["device_id", "deviceId"],
  ["page_path", "pagePath"],
  ["referrer", "referrer"],
  ["advertiser_id", "advertiserId"],
  ["campaign_id", "campaignId"],
  ["utm_source", "utmSource"],
  ["utm_medium", "utmMedium"],
  ["utm_campaign", "utmCampaign"],
  ["utm_term", "utmTerm"],
  ["utm_content", "utmContent"],
  ["first_utm_source", "firstUtmSource"],
  ["first_utm_medium", "firstUtmMedium"],
  ["first_utm_campaign", "firstUtmCampaign"],
  ["first_utm_term", "firstUtmTerm"],
  ["first_utm_content", "firstUtmContent"],
  ["invite_id", "inviteId"],
  ["properties", "properties"],
  ["occurred_at", "occurredAt"],
  ["received_at", "receivedAt"],
];

const insertSql = `INSERT OR IGNORE INTO analytics_events (${columns.map(([column]) => column).join(", ")}, user_id)
  SELECT ${columns.map(([, key]) => `json_extract(j.value, '$.${key}')`).join(", ")},
    (SELECT u.id FROM users u WHERE u.id = json_extract(j.value, '$.userId'))
  FROM json_each(?1) AS j`;

/**
 * The statements that store these events, for one `db.batch` (one transaction): each statement inserts many rows
 * from one JSON parameter. An event id stored before is skipped, so a batch delivered twice writes each event once;
 * a user id that no longer exists becomes null instead of failing the foreign key.
 */
export function insertAnalyticsEventsStatements(db: Database, rows: AnalyticsEventRow[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  let chunk: string[] = [];
  let chunkChars = 0;
  const flush = () => {
    if (chunk.length === 0) return;
    statements.push(db.prepare(insertSql).bind(`[${chunk.join(",")}]`));
    chunk = [];
    chunkChars = 0;
  };
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (chunkChars + json.length > MAX_STATEMENT_PAYLOAD_CHARS) flush();
    chunk.push(json);
    chunkChars += json.length + 1;
  }
  flush();
  return statements;
}

export type FunnelFilter = { advertiserId: string | null; campaignId: string | null };

/**
 * The funnel in one statement: distinct devices per step, per campaign and utm campaign (last touch at the event).
 * An event naming a campaign counts toward it; one naming only an advertiser (its landing page) counts toward each
 * published campaign of that advertiser. Rows exist only where some event was counted.
 */
export function funnelRowsQuery(db: Database, filter: FunnelFilter): Query<FunnelRow[]> {
  const [landing, signIn, join] = funnelSteps;
  return allRows(
    db
      .prepare(
        `WITH counted AS (
           SELECT e.device_id, e.name, e.utm_campaign, c.id AS campaign_id
           FROM analytics_events e JOIN campaigns c ON c.id = e.campaign_id
           WHERE e.name IN (?1, ?2, ?3) AND e.campaign_id IS NOT NULL
             AND (?4 IS NULL OR c.advertiser_id = ?4) AND (?5 IS NULL OR c.id = ?5)
           UNION ALL
           SELECT e.device_id, e.name, e.utm_campaign, c.id AS campaign_id
           FROM analytics_events e JOIN campaigns c ON c.advertiser_id = e.advertiser_id AND c.published_at IS NOT NULL
           WHERE e.name IN (?1, ?2, ?3) AND e.campaign_id IS NULL AND e.advertiser_id IS NOT NULL
             AND (?4 IS NULL OR c.advertiser_id = ?4) AND (?5 IS NULL OR c.id = ?5)
         )
         SELECT a.id AS advertiserId, a.name AS advertiserName, c.id AS campaignId, c.title AS campaignName,
           k.utm_campaign AS utmCampaign,
           COUNT(DISTINCT CASE WHEN k.name = ?1 THEN k.device_id END) AS landingViews,
           COUNT(DISTINCT CASE WHEN k.name = ?2 THEN k.device_id END) AS signInClicks,
           COUNT(DISTINCT CASE WHEN k.name = ?3 THEN k.device_id END) AS joins
         FROM counted k JOIN campaigns c ON c.id = k.campaign_id JOIN advertisers a ON a.id = c.advertiser_id
         GROUP BY c.id, k.utm_campaign
         ORDER BY a.name, a.id, c.starts_at DESC, c.id, k.utm_campaign IS NULL, k.utm_campaign`,
      )
      .bind(landing, signIn, join, filter.advertiserId, filter.campaignId),
    funnelRowSchema,
  );
}

export function listFunnelRows(db: Database, filter: FunnelFilter): Promise<FunnelRow[]> {
  return runQuery(funnelRowsQuery(db, filter));
}
