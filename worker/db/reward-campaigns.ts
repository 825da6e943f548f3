import { z } from "zod";
import type { CampaignHealth, CampaignStatus } from "../contracts/vocabulary.ts";
import { campaignSchema, type Campaign } from "./campaigns.ts";
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

/** Campaigns whose status time may have changed: funded and started, or in their last day, or over. */
export function listCampaignsToAdvance(db: Database, now: number, endingWindow: number): Promise<RewardCampaign[]> {
  return queryAll(
    db
      .prepare(
        `SELECT * FROM campaigns
         WHERE (status = 'inactive' AND funded_at IS NOT NULL AND starts_at <= ?1)
            OR (status = 'active' AND ends_at - ?2 <= ?1)
            OR (status = 'ending' AND ends_at <= ?1)
         ORDER BY ends_at, id`,
      )
      .bind(now, endingWindow),
    rewardCampaignSchema,
  );
}

/** Campaigns the engine still works on: live or maturing. */
export function listCampaignsInStatus(db: Database, statuses: readonly CampaignStatus[]): Promise<RewardCampaign[]> {
  return queryAll(
    db
      .prepare(`SELECT * FROM campaigns WHERE status IN (SELECT value FROM json_each(?)) ORDER BY ends_at, id`)
      .bind(JSON.stringify(statuses)),
    rewardCampaignSchema,
  );
}

/** Evaluating campaigns whose maturity period is over. */
export function listCampaignsDueForEvaluation(db: Database, now: number): Promise<RewardCampaign[]> {
  return queryAll(
    db
      .prepare(
        `SELECT * FROM campaigns WHERE status = 'evaluating' AND ends_at + maturity_hours * 3600000 <= ?
         ORDER BY ends_at, id`,
      )
      .bind(now),
    rewardCampaignSchema,
  );
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

/** Health of many campaigns in one statement; only rows whose health changed are touched. */
export function updateHealthStatement(db: Database, rows: readonly { campaignId: string; health: CampaignHealth }[], now: number) {
  return db
    .prepare(
      `UPDATE campaigns SET health = change.health, updated_at = ?
       FROM (SELECT json_extract(value, '$.id') AS id, json_extract(value, '$.health') AS health FROM json_each(?)) AS change
       WHERE campaigns.id = change.id AND campaigns.health != change.health AND campaigns.status != 'evaluated'`,
    )
    .bind(now, JSON.stringify(rows.map((row) => ({ id: row.campaignId, health: row.health }))));
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
