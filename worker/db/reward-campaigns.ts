import { z } from "zod";
import type { CampaignHealth, CampaignStatus } from "../contracts/vocabulary.ts";
import { campaignColumns, campaignSchema, toCampaign, type Campaign } from "./campaigns.ts";
import type { StatementGuard } from "./ledger.ts";
import { firstRow, queryAll, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The campaigns the rewards engine works on (status, times, pools, rules, health, funding), and its conditional
 * status and health changes. Every change is `… WHERE status = <expected>`, so two scheduler runs
 * cannot both move a campaign, and a run that read a stale status changes nothing.
 */
/** The engine reads whole campaign rows, parsed by the one campaign schema. */
const rewardCampaignSchema = campaignSchema;
export type RewardCampaign = Campaign;

export function rewardCampaignQuery(db: Database, campaignId: string): Query<RewardCampaign | null> {
  return firstRow(db.prepare(`SELECT * FROM campaigns WHERE id = ?`).bind(campaignId), rewardCampaignSchema);
}

export function findRewardCampaign(db: Database, campaignId: string): Promise<RewardCampaign | null> {
  return runQuery(rewardCampaignQuery(db, campaignId));
}

/** A campaign as its due work reads it: the row, and when its weeks and its health are next due (migration 0038). */
export const campaignDueSchema = z
  .object({ ...campaignColumns, weeks_due_at: z.number().nullable(), health_due_at: z.number() })
  .transform((row) => ({ campaign: toCampaign(row), weeksDueAt: row.weeks_due_at, healthDueAt: row.health_due_at }));
export type CampaignDue = z.infer<typeof campaignDueSchema>;

export function findCampaignDue(db: Database, campaignId: string): Promise<CampaignDue | null> {
  return runQuery(firstRow(db.prepare(`SELECT * FROM campaigns WHERE id = ?`).bind(campaignId), campaignDueSchema));
}

/**
 * The campaigns with something due at `now` that nothing has done yet, at most `limit`: funded, published and
 * started; in their last day or over; a week to close; health to recompute; maturity over, to evaluate. A campaign's
 * object does each of these on its own alarm at its time, so in a steady state this finds only what its object could
 * not know (a campaign never woken, a week made due by a post maturing, a date changed). Each arm reads only its due
 * rows from an index by time (migrations 0038 and 0072; (status, ends_at) for the end times). In two compounds of
 * three: D1 allows five terms in one.
 */
export async function listDueCampaignIds(db: Database, now: number, endingWindow: number, limit: number): Promise<string[]> {
  const rows = await queryAll(
    db
      .prepare(
        `SELECT id FROM (
           SELECT id FROM campaigns INDEXED BY campaigns_to_start
           WHERE status = 'inactive' AND funded_at IS NOT NULL AND published_at IS NOT NULL AND starts_at <= ?1
           UNION
           SELECT id FROM campaigns WHERE status = 'active' AND ends_at <= ?1 + ?2
           UNION
           SELECT id FROM campaigns WHERE status = 'ending' AND ends_at <= ?1
         )
         UNION
         SELECT id FROM (
           SELECT id FROM campaigns INDEXED BY campaigns_weeks_due
           WHERE status IN ('active', 'ending', 'evaluating') AND weeks_due_at <= ?1
           UNION
           SELECT id FROM campaigns INDEXED BY campaigns_health_due
           WHERE status IN ('active', 'ending', 'evaluating') AND health_due_at <= ?1
           UNION
           SELECT id FROM campaigns INDEXED BY campaigns_evaluation_due
           WHERE status = 'evaluating' AND ends_at + maturity_hours * 3600000 <= ?1
         )
         LIMIT ?3`,
      )
      .bind(now, endingWindow, limit),
    z.object({ id: z.string() }),
  );
  return rows.map((row) => row.id);
}

/**
 * When the campaign may next have a week to close (null: every week is closed), unless its due time changed since
 * it was read as `read` (a post of an ended week stopped evaluating meanwhile: that earlier time stays).
 */
export function setWeeksDueStatement(db: Database, campaignId: string, dueAt: number | null, read: number | null) {
  return db.prepare(`UPDATE campaigns SET weeks_due_at = ?1 WHERE id = ?2 AND weeks_due_at IS ?3`).bind(dueAt, campaignId, read);
}

export function moveCampaignStatement(
  db: Database,
  input: { campaignId: string; from: CampaignStatus; to: CampaignStatus; now: number; health?: CampaignHealth },
) {
  const health = input.health === undefined ? "" : ", health = ?5";
  return db
    .prepare(`UPDATE campaigns SET status = ?3, updated_at = ?4${health} WHERE id = ?1 AND status = ?2`)
    .bind(input.campaignId, input.from, input.to, input.now, ...(input.health === undefined ? [] : [input.health]));
}

/** The guard that keeps an evaluation batch from doing anything once the campaign is evaluated. */
export function stillEvaluatingGuard(campaignId: string): StatementGuard {
  return { sql: `EXISTS (SELECT 1 FROM campaigns WHERE id = ? AND status = 'evaluating')`, params: [campaignId] };
}

export function markFundedStatement(db: Database, campaignId: string, now: number) {
  return db.prepare(`UPDATE campaigns SET funded_at = ?, updated_at = ? WHERE id = ? AND funded_at IS NULL`).bind(now, now, campaignId);
}

/**
 * The health of many campaigns and when each is next due to be recomputed, in one statement; `updated_at` moves only
 * where the health changed.
 */
export function recordHealthStatement(
  db: Database,
  rows: readonly { campaignId: string; health: CampaignHealth; dueAt: number }[],
  now: number,
) {
  return db
    .prepare(
      `UPDATE campaigns SET health = change.health, health_due_at = change.due_at,
         updated_at = CASE WHEN campaigns.health != change.health THEN ? ELSE campaigns.updated_at END
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.health') AS health, json_extract(value, '$.due') AS due_at
             FROM json_each(?)) AS change
       WHERE campaigns.id = change.id AND campaigns.status != 'evaluated'`,
    )
    .bind(now, JSON.stringify(rows.map((row) => ({ id: row.campaignId, health: row.health, due: row.dueAt }))));
}

const pacingSchema = z.object({
  campaign_id: z.string(),
  score: z.number().int(),
  polled: z.number().int(),
});

/**
 * Per campaign: the engagement so far (scores of posts not deleted) and how many posts X has answered for, from the
 * counters migration 0024 keeps as metrics arrive (one row per campaign, none before its first tracked post).
 */
export function campaignPacingFacts(db: Database, campaignIds: readonly string[]) {
  return queryAll(
    db
      .prepare(`SELECT campaign_id, score, polled FROM campaign_pacing WHERE campaign_id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(campaignIds)),
    pacingSchema,
  );
}
