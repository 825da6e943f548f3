import { z } from "zod";
import { postStatusSchema, type PostStatus } from "../../contracts/vocabulary.ts";
import { placeholders, queryAll } from "../../db/query.ts";

/** Which of these campaigns the user joined. */
export async function joinedCampaignIds(db: D1Database, userId: string, campaignIds: readonly string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(
        `SELECT campaign_id FROM campaign_participants WHERE user_id = ? AND campaign_id IN (${placeholders(campaignIds.length)})`,
      )
      .bind(userId, ...campaignIds),
    z.object({ campaign_id: z.string() }),
  );
  return new Set(rows.map((row) => row.campaign_id));
}

export type Standing = { posts: number; byStatus: Partial<Record<PostStatus, number>> };

/** A creator's posts per campaign and status: their standing in each campaign. */
export async function standings(db: D1Database, userId: string, campaignIds: readonly string[]): Promise<Map<string, Standing>> {
  const result = new Map<string, Standing>();
  if (campaignIds.length === 0) return result;
  const rows = await queryAll(
    db
      .prepare(
        `SELECT campaign_id, status, COUNT(*) AS count FROM posts
         WHERE user_id = ? AND campaign_id IN (${placeholders(campaignIds.length)}) GROUP BY campaign_id, status`,
      )
      .bind(userId, ...campaignIds),
    z.object({ campaign_id: z.string(), status: postStatusSchema, count: z.number().int() }),
  );
  for (const row of rows) {
    const standing = result.get(row.campaign_id) ?? { posts: 0, byStatus: {} };
    standing.posts += row.count;
    standing.byStatus[row.status] = row.count;
    result.set(row.campaign_id, standing);
  }
  return result;
}

export const claimableStatuses = ["eligible", "eligible-bonus"] as const satisfies readonly PostStatus[];

export function claimablePosts(standing: Standing | undefined): number {
  return claimableStatuses.reduce((sum, status) => sum + (standing?.byStatus[status] ?? 0), 0);
}
