import { z } from "zod";
import { queryAll } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Claiming: a creator confirms payout for a campaign. Their eligible posts become `claimed` in one conditional
 * statement (never once the campaign is evaluated), and the confirmation is remembered so posts of theirs that
 * mature eligible later in the campaign are claimed as they mature.
 */
const claimedSchema = z.object({ id: z.string() });

export async function claimEligiblePosts(db: Database, input: { campaignId: string; userId: string; now: number }): Promise<string[]> {
  const [claimed] = await db.batch([
    db
      .prepare(
        `UPDATE posts SET status = 'claimed', updated_at = ?3
         WHERE campaign_id = ?1 AND user_id = ?2 AND status IN ('eligible', 'eligible-bonus')
           AND EXISTS (SELECT 1 FROM campaigns WHERE id = ?1 AND status != 'evaluated')
         RETURNING id`,
      )
      .bind(input.campaignId, input.userId, input.now),
    db
      .prepare(
        `INSERT INTO payout_confirmations (campaign_id, user_id, confirmed_at)
         SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM posts WHERE campaign_id = ?1 AND user_id = ?2 AND status = 'claimed')
         ON CONFLICT DO NOTHING`,
      )
      .bind(input.campaignId, input.userId, input.now),
  ]);
  return (claimed?.results ?? []).map((row) => claimedSchema.parse(row).id);
}

export async function hasConfirmedPayout(db: Database, campaignId: string, userId: string): Promise<boolean> {
  const rows = await queryAll(
    db.prepare(`SELECT campaign_id AS id FROM payout_confirmations WHERE campaign_id = ? AND user_id = ?`).bind(campaignId, userId),
    claimedSchema,
  );
  return rows.length > 0;
}
