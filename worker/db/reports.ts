import { z } from "zod";
import { allRows, firstRow, type Query } from "./query.ts";
import { networks } from "../contracts/networks/rules.ts";
import type { Database } from "../database.ts";

/**
 * The queries behind advertiser reports (docs/decisions/021-advertiser-reports.md), over the daily rollups that
 * migration 0029's triggers keep as posts, metrics, reward lines and conversions are written. A scope is an account,
 * or one of its campaigns; every day is a UTC day (`YYYY-MM-DD`) within [from, to), epoch ms.
 */

export type ReportScope = {
  advertiserId: string;
  campaignId: string | null;
  /** The first and last day (the start of each, epoch ms), both included; null: the campaign's default, below. */
  from: number | null;
  to: number | null;
  /** The start of today, and how far back from its last day a campaign report reaches by default (ms). */
  today: number;
  maxSpan: number;
};

/*
 * The scope's days are worked out in each statement that reads them, so a campaign report's default range (its
 * campaign's days up to today, at most `maxSpan` back from the last; see `askedRange` in
 * worker/domain/advertisers/reports.ts) needs no earlier read of the campaign. Every statement binds the scope as ?1 … ?6.
 */
const DAY_MS = 86_400_000;
const SCOPE = `WITH campaign_days AS (
    SELECT starts_at / ${DAY_MS} * ${DAY_MS} AS first_day, ends_at / ${DAY_MS} * ${DAY_MS} AS last_day
    FROM campaigns WHERE id = ?2 AND advertiser_id = ?1
  ),
  report_end AS (SELECT COALESCE(?4, (SELECT MAX(first_day, MIN(?5, last_day)) FROM campaign_days)) AS day),
  scope AS (
    SELECT COALESCE(?3, (SELECT MIN(report_end.day, MAX(first_day, report_end.day - ?6)) FROM campaign_days)) AS from_ms,
      report_end.day AS last_day, report_end.day + ${DAY_MS} AS to_ms
    FROM report_end
  )`;
const FROM = "(SELECT from_ms FROM scope)";
const TO = "(SELECT to_ms FROM scope)";

function bindScope(statement: D1PreparedStatement, scope: ReportScope, ...more: number[]): D1PreparedStatement {
  return statement.bind(scope.advertiserId, scope.campaignId, scope.from, scope.to, scope.today, scope.maxSpan, ...more);
}

const rangeSchema = z
  .object({ from_ms: z.number().int().nullable(), last_day: z.number().int().nullable() })
  .transform((row) => (row.from_ms === null || row.last_day === null ? null : { from: row.from_ms, to: row.last_day }));

/** The scope's first and last day; null when a default end needs a campaign the account does not have. */
export function reportRangeQuery(db: Database, scope: ReportScope): Query<{ from: number; to: number } | null> {
  return firstRow(bindScope(db.prepare(`${SCOPE} SELECT from_ms, last_day FROM scope`), scope), rangeSchema);
}

const day = (column: string) => `strftime('%Y-%m-%d', ${column} / 1000, 'unixepoch')`;

/**
 * The scope's campaigns and their daily rollups in the range (`campaign_daily`, migration 0029): the account's
 * campaigns by their advertiser, each campaign's days by its primary key.
 */
const CAMPAIGN_DAYS_IN_SCOPE = `FROM campaigns AS c JOIN campaign_daily AS d ON d.campaign_id = c.id
  WHERE c.advertiser_id = ?1 AND (?2 IS NULL OR c.id = ?2) AND d.day >= ${FROM} AND d.day < ${TO}`;

const postDaySchema = z
  .object({
    day: z.string(),
    posts: z.number().int(),
    impressions: z.number().int(),
    engagement: z.number().int(),
    matured: z.number().int(),
    eligible: z.number().int(),
  })
  .transform((row) => ({
    date: row.day,
    posts: row.posts,
    impressions: row.impressions,
    engagement: row.engagement,
    maturedPosts: row.matured,
    eligiblePosts: row.eligible,
  }));
export type PostDayRow = z.infer<typeof postDaySchema>;

/**
 * Published, not deleted posts by the day they were posted, with their latest metrics; eligible: matured with an
 * eligible status (including bonus, claimed, rewarded and paid).
 */
export function reportPostDaysQuery(db: Database, scope: ReportScope): Query<PostDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("d.day")} AS day, SUM(d.posts) AS posts, SUM(d.impressions) AS impressions,
           SUM(d.engagements) AS engagement, SUM(d.matured_posts) AS matured, SUM(d.eligible_posts) AS eligible
         ${CAMPAIGN_DAYS_IN_SCOPE}
         GROUP BY d.day HAVING SUM(d.posts) != 0 ORDER BY d.day`,
      ),
      scope,
    ),
    postDaySchema,
  );
}

const spendDaySchema = z
  .object({ day: z.string(), currency: z.string(), spent: z.number().int() })
  .transform((row) => ({ date: row.day, currency: row.currency, amount: row.spent }));
export type SpendDayRow = z.infer<typeof spendDaySchema>;

/** Rewards paid out of the scope's campaign pools (weekly and bonus), per day and currency (each campaign's reward currency). */
export function reportSpendDaysQuery(db: Database, scope: ReportScope): Query<SpendDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("d.day")} AS day, c.reward_currency AS currency, SUM(d.spend) AS spent
         ${CAMPAIGN_DAYS_IN_SCOPE}
         GROUP BY d.day, c.reward_currency HAVING SUM(d.spend) != 0 ORDER BY d.day, c.reward_currency`,
      ),
      scope,
    ),
    spendDaySchema,
  );
}

const conversionDaySchema = z
  .object({ day: z.string(), matched: z.number().int(), unmatched: z.number().int() })
  .transform((row) => ({ date: row.day, matched: row.matched, unmatched: row.unmatched }));
export type ConversionDayRow = z.infer<typeof conversionDaySchema>;

/**
 * Conversions by the day they occurred. For a campaign: those attributed to it, none unmatched (`campaign_daily`).
 * For the account: matched to a verified wallet, and not, attributed to a campaign or not (`advertiser_daily`).
 */
export function reportConversionDaysQuery(db: Database, scope: ReportScope): Query<ConversionDayRow[]> {
  const sql =
    scope.campaignId === null
      ? `${SCOPE} SELECT ${day("a.day")} AS day, a.conversions_matched AS matched, a.conversions_unmatched AS unmatched
         FROM advertiser_daily AS a
         WHERE a.advertiser_id = ?1 AND a.day >= ${FROM} AND a.day < ${TO} AND a.conversions_matched + a.conversions_unmatched != 0
         ORDER BY a.day`
      : `${SCOPE} SELECT ${day("d.day")} AS day, SUM(d.conversions_matched + d.conversions_unmatched) AS matched, 0 AS unmatched
         ${CAMPAIGN_DAYS_IN_SCOPE}
         GROUP BY d.day HAVING SUM(d.conversions_matched + d.conversions_unmatched) != 0 ORDER BY d.day`;
  return allRows(bindScope(db.prepare(sql), scope), conversionDaySchema);
}

const networkDaySchema = z
  .object({
    day: z.string(),
    network: z.enum(networks),
    currency: z.string(),
    posts: z.number().int(),
    impressions: z.number().int(),
    engagement: z.number().int(),
    matured: z.number().int(),
    eligible: z.number().int(),
    rewards: z.number().int(),
  })
  .transform((row) => ({
    date: row.day,
    network: row.network,
    currency: row.currency,
    posts: row.posts,
    impressions: row.impressions,
    engagement: row.engagement,
    maturedPosts: row.matured,
    eligiblePosts: row.eligible,
    rewards: row.rewards,
  }));
export type NetworkDayRow = z.infer<typeof networkDaySchema>;

/**
 * The post figures of `reportPostDaysQuery` per network, with the rewards the network's posts earned (by posting day,
 * in each campaign's reward currency), from `campaign_network_daily` (migration 0069): the scope's campaigns, each
 * one's days in the range by its primary key.
 */
export function reportNetworkDaysQuery(db: Database, scope: ReportScope): Query<NetworkDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("d.day")} AS day, d.network, c.reward_currency AS currency, SUM(d.posts) AS posts,
           SUM(d.impressions) AS impressions, SUM(d.engagements) AS engagement, SUM(d.matured_posts) AS matured,
           SUM(d.eligible_posts) AS eligible, SUM(d.rewards) AS rewards
         FROM campaigns AS c JOIN campaign_network_daily AS d ON d.campaign_id = c.id
         WHERE c.advertiser_id = ?1 AND (?2 IS NULL OR c.id = ?2) AND d.day >= ${FROM} AND d.day < ${TO}
         GROUP BY d.day, d.network, c.reward_currency HAVING SUM(d.posts) != 0 OR SUM(d.rewards) != 0
         ORDER BY d.day, d.network, c.reward_currency`,
      ),
      scope,
    ),
    networkDaySchema,
  );
}

const scopeNetworkSchema = z.object({ network: z.enum(networks) }).transform((row) => row.network);

/** The networks the scope's campaigns run on (`campaigns.networks`, migration 0051), each once, in no order. */
export function reportScopeNetworksQuery(
  db: Database,
  advertiserId: string,
  campaignId: string | null,
): Query<Array<z.infer<typeof scopeNetworkSchema>>> {
  return allRows(
    db
      .prepare(
        `SELECT DISTINCT chosen.value AS network FROM campaigns AS c, json_each(c.networks) AS chosen
         WHERE c.advertiser_id = ?1 AND (?2 IS NULL OR c.id = ?2)`,
      )
      .bind(advertiserId, campaignId),
    scopeNetworkSchema,
  );
}

const topCreatorSchema = z
  .object({
    user_id: z.string(),
    handle: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    posts: z.number().int(),
    score: z.number().int(),
    impressions: z.number().int(),
    conversions: z.number().int(),
  })
  .transform((row) => ({
    userId: row.user_id,
    handle: row.handle,
    name: row.name,
    avatarUrl: row.avatar_url,
    posts: row.posts,
    score: row.score,
    impressions: row.impressions,
    conversions: row.conversions,
  }));
export type TopCreatorRow = z.infer<typeof topCreatorSchema>;

/**
 * The creators with the highest total score in the scope's range (`campaign_creator_daily`), with their posts,
 * impressions and the conversions they brought (the converting user's inviter, else the owner of the verified
 * wallet; `creator_conversions_daily`) in the same scope and range, read for the creators shown only.
 */
export function reportTopCreatorsQuery(db: Database, scope: ReportScope, limit = 10): Query<TopCreatorRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE}, top AS MATERIALIZED (
           SELECT u.id AS user_id, u.handle, u.name, u.avatar_url, SUM(d.posts) AS posts, SUM(d.score) AS score,
             SUM(d.impressions) AS impressions
           FROM campaigns AS c JOIN campaign_creator_daily AS d ON d.campaign_id = c.id JOIN users AS u ON u.id = d.user_id
           WHERE c.advertiser_id = ?1 AND (?2 IS NULL OR c.id = ?2) AND d.day >= ${FROM} AND d.day < ${TO}
           GROUP BY u.id HAVING SUM(d.posts) > 0
           ORDER BY score DESC, posts DESC, u.handle LIMIT ?7
         )
         SELECT top.user_id, top.handle, top.name, top.avatar_url, top.posts, top.score, top.impressions,
           (SELECT COALESCE(SUM(e.conversions), 0) FROM creator_conversions_daily AS e
             WHERE e.advertiser_id = ?1 AND e.user_id = top.user_id AND (?2 IS NULL OR e.campaign_id = ?2)
               AND e.day >= ${FROM} AND e.day < ${TO}) AS conversions
         FROM top ORDER BY top.score DESC, top.posts DESC, top.handle`,
      ),
      scope,
      limit,
    ),
    topCreatorSchema,
  );
}

const reportCampaignSchema = z
  .object({
    id: z.string(),
    advertiser_id: z.string(),
    title: z.string(),
    status: z.string(),
    reward_currency: z.string(),
    starts_at: z.number().int(),
    ends_at: z.number().int(),
  })
  .transform((row) => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    title: row.title,
    status: row.status,
    rewardCurrency: row.reward_currency,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
  }));
export type ReportCampaign = z.infer<typeof reportCampaignSchema>;

const CAMPAIGN_COLUMNS = "id, advertiser_id, title, status, reward_currency, starts_at, ends_at";

/** One campaign of the account; null for another account's or none. */
export function reportCampaignQuery(db: Database, advertiserId: string, campaignId: string | null): Query<ReportCampaign | null> {
  return firstRow(
    db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ? AND advertiser_id = ?`).bind(campaignId, advertiserId),
    reportCampaignSchema,
  );
}

/** The account's campaigns, newest first. */
export function reportCampaignsQuery(db: Database, advertiserId: string): Query<ReportCampaign[]> {
  return allRows(
    db.prepare(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE advertiser_id = ? ORDER BY starts_at DESC, id`).bind(advertiserId),
    reportCampaignSchema,
  );
}

const apiUsageSchema = z
  .object({ posts_created: z.number().int(), posts_with_url: z.number().int(), post_reads: z.number().int() })
  .transform((row) => ({ postsCreated: row.posts_created, postsWithUrl: row.posts_with_url, postReads: row.post_reads }));
export type ApiUsageRow = z.infer<typeof apiUsageSchema>;

/**
 * What the campaign has had the paid network (X) do so far (`campaign_network_api_usage`, migrations 0061 and 0071): posts created, those with a link, and
 * posts read back by polling; zeros for a campaign with none, null for another account's campaign or none.
 */
export function reportApiUsageQuery(db: Database, advertiserId: string, campaignId: string | null): Query<ApiUsageRow | null> {
  return firstRow(
    db
      .prepare(
        `SELECT COALESCE(u.posts_created, 0) AS posts_created, COALESCE(u.posts_with_url, 0) AS posts_with_url,
           COALESCE(u.post_reads, 0) AS post_reads
         FROM campaigns AS c LEFT JOIN campaign_network_api_usage AS u ON u.campaign_id = c.id
         WHERE c.id = ? AND c.advertiser_id = ?`,
      )
      .bind(campaignId, advertiserId),
    apiUsageSchema,
  );
}
