import { z } from "zod";
import { statusReasonSchema } from "../contracts/campaign-rules.ts";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { queryAll } from "./query.ts";

export const postSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    user_id: z.string(),
    x_post_id: z.string().nullable(),
    content: z.string(),
    status: postStatusSchema,
    campaign_week: z.number().int(),
    selected_suggestion_id: z.string().nullable(),
    posted_at: z.number(),
    status_reasons: z.string().transform((text) => z.array(statusReasonSchema).parse(JSON.parse(text))),
    client_request_id: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    campaignId: row.campaign_id,
    userId: row.user_id,
    xPostId: row.x_post_id,
    content: row.content,
    status: row.status,
    campaignWeek: row.campaign_week,
    selectedSuggestionId: row.selected_suggestion_id,
    postedAt: row.posted_at,
    statusReasons: row.status_reasons,
    clientRequestId: row.client_request_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }));
export type Post = z.infer<typeof postSchema>;

export function insertPostStatement(db: D1Database, post: Post) {
  return db
    .prepare(
      `INSERT INTO posts (id, campaign_id, user_id, x_post_id, content, status, campaign_week, selected_suggestion_id,
         posted_at, status_reasons, client_request_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    )
    .bind(
      post.id,
      post.campaignId,
      post.userId,
      post.xPostId,
      post.content,
      post.status,
      post.campaignWeek,
      post.selectedSuggestionId,
      post.postedAt,
      JSON.stringify(post.statusReasons),
      post.clientRequestId,
      post.createdAt,
      post.updatedAt,
    );
}

/** How many posts a campaign holds in each status. */
export async function countPostsByStatus(db: D1Database, campaignId: string) {
  const rows = await queryAll(
    db
      .prepare(`SELECT status, COUNT(*) AS count FROM posts WHERE campaign_id = ? GROUP BY status ORDER BY status`)
      .bind(campaignId),
    z.object({ status: postStatusSchema, count: z.number().int() }),
  );
  return rows;
}

const postWithCampaignSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  campaign_title: z.string(),
  content: z.string(),
  status: postStatusSchema,
  posted_at: z.number(),
});

/** A creator's posts, newest first, with the campaign each belongs to. */
export async function listPostsOfUser(db: D1Database, userId: string, limit = 50) {
  const rows = await queryAll(
    db
      .prepare(
        `SELECT posts.id, posts.campaign_id, campaigns.title AS campaign_title, posts.content, posts.status, posts.posted_at
         FROM posts JOIN campaigns ON campaigns.id = posts.campaign_id
         WHERE posts.user_id = ? ORDER BY posts.posted_at DESC, posts.id LIMIT ?`,
      )
      .bind(userId, limit),
    postWithCampaignSchema,
  );
  return rows.map((row) => ({
    id: row.id,
    campaignId: row.campaign_id,
    campaignTitle: row.campaign_title,
    content: row.content,
    status: row.status,
    postedAt: row.posted_at,
  }));
}
