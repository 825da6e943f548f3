import { z } from "zod";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { queryAll, queryFirst } from "./query.ts";

/** Which of these campaigns the user joined. */
export async function joinedCampaignIdsAmong(db: D1Database, userId: string, campaignIds: readonly string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(`SELECT campaign_id FROM campaign_participants WHERE user_id = ? AND campaign_id IN (SELECT value FROM json_each(?))`)
      .bind(userId, JSON.stringify(campaignIds)),
    z.object({ campaign_id: z.string() }),
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** A creator's posts counted per campaign and status. */
export function countPostsByCampaignAndStatus(db: D1Database, userId: string, campaignIds: readonly string[]) {
  return queryAll(
    db
      .prepare(
        `SELECT campaign_id, status, COUNT(*) AS count FROM posts
         WHERE user_id = ? AND campaign_id IN (SELECT value FROM json_each(?)) GROUP BY campaign_id, status`,
      )
      .bind(userId, JSON.stringify(campaignIds)),
    z.object({ campaign_id: z.string(), status: postStatusSchema, count: z.number().int() }),
  );
}

export async function countJoinedCampaigns(db: D1Database, userId: string): Promise<number> {
  const row = await queryFirst(
    db.prepare(`SELECT COUNT(*) AS count FROM campaign_participants WHERE user_id = ?`).bind(userId),
    z.object({ count: z.number().int() }),
  );
  return row?.count ?? 0;
}
