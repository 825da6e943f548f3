import { z } from "zod";
import type { StatementGuard } from "./ledger.ts";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * post_rewards (migration 0004): what each claimed post received at evaluation — its share of its week's pool and of
 * the bonus pool — written in the batch whose ledger entries pay it. The post id is the primary key: a post is paid
 * once, ever.
 */
export type PostReward = { postId: string; userId: string; poolAmount: number; bonusAmount: number };

export function insertPostRewardsStatement(
  db: Database,
  input: { campaignId: string; currency: string; rewards: readonly PostReward[]; now: number; guard: StatementGuard },
) {
  const rows = input.rewards.map((reward) => ({ p: reward.postId, u: reward.userId, a: reward.poolAmount, b: reward.bonusAmount }));
  return db
    .prepare(
      `INSERT INTO post_rewards (post_id, campaign_id, user_id, currency, pool_amount, bonus_amount, created_at)
       SELECT json_extract(value, '$.p'), ?1, json_extract(value, '$.u'), ?2, json_extract(value, '$.a'), json_extract(value, '$.b'), ?3
       FROM json_each(?4) WHERE ${input.guard.sql}
       ON CONFLICT DO NOTHING`,
    )
    .bind(input.campaignId, input.currency, input.now, JSON.stringify(rows), ...input.guard.params);
}

const claimedPostSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    campaign_week: z.number().int(),
    score: z.number().int(),
    bonus: z.number().int(),
    flagged: z.number().int(),
  })
  .transform((row) => ({
    postId: row.id,
    userId: row.user_id,
    week: row.campaign_week,
    score: row.score,
    bonus: row.bonus === 1,
    accountFlagged: row.flagged === 1,
  }));
export type ClaimedPost = z.infer<typeof claimedPostSchema>;

/** A page of a campaign's claimed posts (by id, after `afterId`), with score, bonus mark and flagged account. */
export function listClaimedPosts(db: Database, input: { campaignId: string; afterId: string; limit: number }): Promise<ClaimedPost[]> {
  return queryAll(
    db
      .prepare(
        `SELECT posts.id, posts.user_id, posts.campaign_week, COALESCE(metrics.score, 0) AS score,
           COALESCE(metrics.bonus, 0) AS bonus, (flag.user_id IS NOT NULL) AS flagged
         FROM posts LEFT JOIN post_metrics AS metrics ON metrics.post_id = posts.id
           LEFT JOIN account_flags AS flag ON flag.user_id = posts.user_id
         WHERE posts.campaign_id = ? AND posts.status = 'claimed' AND posts.id > ?
         ORDER BY posts.id LIMIT ?`,
      )
      .bind(input.campaignId, input.afterId, input.limit),
    claimedPostSchema,
  );
}

/**
 * Withdrawals spend rewards oldest first (docs/decisions/015-withdrawals.md): a creator's rewarded posts in a
 * currency are lined up — posts already paid first, then by when they were rewarded, then by id — and a post becomes
 * `paid` (`paid-bonus` when it had a bonus share) once what has been paid out to the creator in that currency
 * (the balance of their creator-paid-out account) covers its reward and every reward before it in the line. A
 * withdrawal that covers only part of a reward leaves that post `rewarded` until a later one covers the rest.
 * Recomputed from the ledger each time, so it is idempotent and catches up after any crash.
 */
export function markSpentRewardsPaidStatement(
  db: Database,
  input: { userId: string; currency: string; paidOutAccountId: string; now: number; guard: StatementGuard },
) {
  return db
    .prepare(
      `UPDATE posts SET status = CASE WHEN spent.bonus THEN 'paid-bonus' ELSE 'paid' END, updated_at = ?1
       FROM (
         SELECT post_id, bonus,
           SUM(amount) OVER (ORDER BY already_paid DESC, rewarded_at, post_id ROWS UNBOUNDED PRECEDING) AS covered_up_to
         FROM (
           SELECT reward.post_id, reward.bonus_amount > 0 AS bonus, reward.pool_amount + reward.bonus_amount AS amount,
             post.status IN ('paid', 'paid-bonus') AS already_paid, reward.created_at AS rewarded_at
           FROM post_rewards AS reward JOIN posts AS post ON post.id = reward.post_id
           WHERE reward.user_id = ?2 AND reward.currency = ?3 AND reward.pool_amount + reward.bonus_amount > 0
             AND post.status IN ('rewarded', 'paid', 'paid-bonus')
         )
       ) AS spent
       WHERE posts.id = spent.post_id AND posts.status = 'rewarded'
         AND spent.covered_up_to <= COALESCE((SELECT SUM(balance) FROM ledger_balances WHERE account_id = ?4), 0)
         AND ${input.guard.sql}`,
    )
    .bind(input.now, input.userId, input.currency, input.paidOutAccountId, ...input.guard.params);
}
