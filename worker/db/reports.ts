import { z } from "zod";
import { allRows, firstRow, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The queries behind advertiser reports (docs/decisions/021-advertiser-reports.md), over `posts` with their
 * `post_metrics`, the ledger's reward lines on campaign pools, and `conversion_events`. A scope is an account, or one
 * of its campaigns; every time is bucketed by UTC day (`YYYY-MM-DD`) within [from, to), epoch ms.
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

/** Statuses of a matured post that count as eligible (including bonus, claimed, rewarded and paid). */
const ELIGIBLE = "'eligible', 'eligible-bonus', 'claimed', 'rewarded', 'paid', 'paid-bonus'";

/** Posts published in the scope (deleted ones left out), by the day they were posted. */
const POSTS_IN_SCOPE = `FROM posts AS p JOIN campaigns AS c ON c.id = p.campaign_id LEFT JOIN post_metrics AS m ON m.post_id = p.id
  WHERE c.advertiser_id = ?1 AND (?2 IS NULL OR p.campaign_id = ?2) AND p.status != 'deleted' AND p.x_post_id IS NOT NULL
    AND p.posted_at >= ${FROM} AND p.posted_at < ${TO}`;

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

export function reportPostDaysQuery(db: Database, scope: ReportScope): Query<PostDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("p.posted_at")} AS day, COUNT(*) AS posts, COALESCE(SUM(m.impressions), 0) AS impressions,
           COALESCE(SUM(m.likes + m.reposts + m.replies + m.quotes + m.bookmarks), 0) AS engagement,
           COALESCE(SUM(CASE WHEN m.matured_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS matured,
           COALESCE(SUM(CASE WHEN m.matured_at IS NOT NULL AND p.status IN (${ELIGIBLE}) THEN 1 ELSE 0 END), 0) AS eligible
         ${POSTS_IN_SCOPE}
         GROUP BY day ORDER BY day`,
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

/** Rewards paid out of the scope's campaign pools (weekly and bonus), per day and currency, from the ledger's lines. */
export function reportSpendDaysQuery(db: Database, scope: ReportScope): Query<SpendDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("line.created_at")} AS day, account.currency AS currency, -SUM(line.amount) AS spent
         FROM ledger_lines AS line
         JOIN ledger_accounts AS account ON account.id = line.account_id
         JOIN campaigns AS c ON c.id = account.owner_id
         WHERE line.entry_kind = 'reward' AND account.kind IN ('campaign-pool', 'campaign-bonus-pool')
           AND c.advertiser_id = ?1 AND (?2 IS NULL OR c.id = ?2) AND line.created_at >= ${FROM} AND line.created_at < ${TO}
         GROUP BY day, account.currency ORDER BY day, account.currency`,
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
 * Conversions by the day they occurred. For a campaign: those attributed to it (`campaign_id`), none unmatched. For
 * the account: matched to a verified wallet, and not.
 */
export function reportConversionDaysQuery(db: Database, scope: ReportScope): Query<ConversionDayRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT ${day("occurred_at")} AS day,
           COALESCE(SUM(CASE WHEN ?2 IS NULL THEN matched_user_id IS NOT NULL ELSE campaign_id = ?2 END), 0) AS matched,
           COALESCE(SUM(CASE WHEN ?2 IS NULL THEN matched_user_id IS NULL ELSE 0 END), 0) AS unmatched
         FROM conversion_events
         WHERE advertiser_id = ?1 AND (?2 IS NULL OR campaign_id = ?2) AND occurred_at >= ${FROM} AND occurred_at < ${TO}
         GROUP BY day ORDER BY day`,
      ),
      scope,
    ),
    conversionDaySchema,
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
 * The creators with the highest total score in the scope's range, with their posts, impressions and the conversions
 * they brought (the converting user's inviter, else the owner of the verified wallet) in the same scope and range.
 */
export function reportTopCreatorsQuery(db: Database, scope: ReportScope, limit = 10): Query<TopCreatorRow[]> {
  return allRows(
    bindScope(
      db.prepare(
        `${SCOPE} SELECT u.id AS user_id, u.handle, u.name, u.avatar_url, COUNT(*) AS posts, COALESCE(SUM(m.score), 0) AS score,
           COALESCE(SUM(m.impressions), 0) AS impressions,
           (SELECT COUNT(*) FROM conversion_events AS e
             WHERE e.advertiser_id = ?1 AND COALESCE(e.inviter_user_id, e.matched_user_id) = u.id
               AND (?2 IS NULL OR e.campaign_id = ?2) AND e.occurred_at >= ${FROM} AND e.occurred_at < ${TO}) AS conversions
         ${POSTS_IN_SCOPE.replace("FROM posts AS p", "FROM posts AS p JOIN users AS u ON u.id = p.user_id")}
         GROUP BY u.id ORDER BY score DESC, posts DESC, u.handle LIMIT ?7`,
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
