import { z } from "zod";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { allRows, mapQuery, queryAll, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** Which of these campaigns the user joined. */
export async function joinedCampaignIdsAmong(db: Database, userId: string, campaignIds: readonly string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(`SELECT campaign_id FROM campaign_participants WHERE user_id = ? AND campaign_id IN (SELECT value FROM json_each(?))`)
      .bind(userId, JSON.stringify(campaignIds)),
    z.object({ campaign_id: z.string() }),
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** Every campaign the user joined (a creator joins a handful; pages look their cards up in it). */
export function joinedCampaignIdsQuery(db: Database, userId: string): Query<Set<string>> {
  return mapQuery(
    allRows(
      db.prepare(`SELECT campaign_id FROM campaign_participants WHERE user_id = ?`).bind(userId),
      z.object({ campaign_id: z.string() }),
    ),
    (rows) => new Set(rows.map((row) => row.campaign_id)),
  );
}

const postCountSchema = z.object({ campaign_id: z.string(), status: postStatusSchema, count: z.number().int() });
export type PostCountRow = z.infer<typeof postCountSchema>;

/** A creator's posts counted per campaign and status, in every campaign or in one. */
export function postCountsByCampaignAndStatusQuery(
  db: Database,
  userId: string,
  options: { campaignId?: string } = {},
): Query<PostCountRow[]> {
  const campaignFilter = options.campaignId === undefined ? "" : "AND campaign_id = ?";
  return allRows(
    db
      .prepare(`SELECT campaign_id, status, COUNT(*) AS count FROM posts WHERE user_id = ? ${campaignFilter} GROUP BY campaign_id, status`)
      .bind(userId, ...(options.campaignId === undefined ? [] : [options.campaignId])),
    postCountSchema,
  );
}

export function countJoinedCampaignsQuery(db: Database, userId: string): Query<number> {
  return mapQuery(
    allRows(
      db.prepare(`SELECT COUNT(*) AS count FROM campaign_participants WHERE user_id = ?`).bind(userId),
      z.object({ count: z.number().int() }),
    ),
    (rows) => rows[0]?.count ?? 0,
  );
}
