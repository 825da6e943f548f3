import { z } from "zod";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { queryAll } from "./query.ts";

/** The posts of some campaigns, in the shape the rewards engine's tools (demo ledger, benchmarks) need. */
const campaignPostSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    user_id: z.string(),
    status: postStatusSchema,
    campaign_week: z.number().int(),
    posted_at: z.number(),
  })
  .transform((row) => ({
    postId: row.id,
    campaignId: row.campaign_id,
    userId: row.user_id,
    status: row.status,
    week: row.campaign_week,
    postedAt: row.posted_at,
  }));
export type CampaignPost = z.infer<typeof campaignPostSchema>;

export function listPostsOfCampaigns(db: D1Database, campaignIds: readonly string[]): Promise<CampaignPost[]> {
  return queryAll(
    db
      .prepare(
        `SELECT id, campaign_id, user_id, status, campaign_week, posted_at FROM posts
         WHERE campaign_id IN (SELECT value FROM json_each(?)) ORDER BY campaign_id, id`,
      )
      .bind(JSON.stringify(campaignIds)),
    campaignPostSchema,
  );
}
