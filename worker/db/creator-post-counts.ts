import { z } from "zod";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { allRows, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The catalog's count of each creator's posts per campaign and status (migration 0074, kept by triggers on posts;
 * docs/decisions/039-a-million-creators.md): what the dashboard, the profile and /past-campaigns show of a creator's
 * posts in every campaign, without reading the posts.
 */

/** How many posts a creator has in each status, over all campaigns. */
export function postCountsByStatusQuery(db: Database, userId: string) {
  return allRows(
    db
      .prepare(`SELECT status, SUM(count) AS count FROM creator_post_counts WHERE user_id = ? GROUP BY status HAVING SUM(count) > 0`)
      .bind(userId),
    z.object({ status: postStatusSchema, count: z.number().int() }),
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
      .prepare(`SELECT campaign_id, status, count FROM creator_post_counts WHERE user_id = ? ${campaignFilter} AND count > 0`)
      .bind(userId, ...(options.campaignId === undefined ? [] : [options.campaignId])),
    postCountSchema,
  );
}
