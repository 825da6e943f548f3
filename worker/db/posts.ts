import { z } from "zod";
import { statusReasonSchema } from "../contracts/campaign-rules.ts";
import { rulesOf } from "../contracts/networks/registry.ts";
import { postStatusSchema } from "../contracts/vocabulary.ts";
import { networkSchema } from "../contracts/networks/rules.ts";
import type { PostSummary } from "../contracts/pages.ts";
import { networkNames } from "../contracts/networks/names.ts";
import { trackPostsStatement, type PostTracking } from "./post-metrics.ts";
import { allRows, mapQuery, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** Built once: a schema built inside a transform is rebuilt for every row (it was most of a post row's parse). */
const statusReasonListSchema = z.array(statusReasonSchema);
const statusReasonsJson = z.string().transform((text) => statusReasonListSchema.parse(JSON.parse(text)));

export const postSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    user_id: z.string(),
    network: networkSchema,
    network_post_id: z.string().nullable(),
    content: z.string(),
    status: postStatusSchema,
    campaign_week: z.number().int(),
    selected_suggestion_id: z.string().nullable(),
    posted_at: z.number(),
    status_reasons: statusReasonsJson,
    client_request_id: z.string().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    id: row.id,
    campaignId: row.campaign_id,
    userId: row.user_id,
    /** The network it is on (migration 0051); `networkPostId` is its id there, whichever network that is. */
    network: row.network,
    networkPostId: row.network_post_id,
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

/** `carries_url`: whether the post holds a link as its network counts them (X bills those at a higher rate; migration 0061). */
export function insertPostStatement(db: Database, post: Post) {
  return db
    .prepare(
      `INSERT INTO posts (id, campaign_id, user_id, network, network_post_id, content, status, campaign_week, selected_suggestion_id,
         posted_at, status_reasons, client_request_id, created_at, updated_at, carries_url)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    )
    .bind(
      post.id,
      post.campaignId,
      post.userId,
      post.network,
      post.networkPostId,
      post.content,
      post.status,
      post.campaignWeek,
      post.selectedSuggestionId,
      post.postedAt,
      JSON.stringify(post.statusReasons),
      post.clientRequestId,
      post.createdAt,
      post.updatedAt,
      rulesOf(post.network).text.links(post.content).length > 0 ? 1 : 0,
    );
}

const postSummaryRowSchema = z.object({
  id: z.string(),
  campaign_id: z.string(),
  content: z.string(),
  status: postStatusSchema,
  status_reasons: statusReasonsJson,
  campaign_week: z.number().int(),
  posted_at: z.number(),
  network: networkSchema,
  network_post_id: z.string().nullable(),
});

/** A post as its campaign's store has it: the campaign's title comes from the catalog's card (`PostSummary`). */
export type CampaignPostSummary = Omit<PostSummary, "campaignTitle">;

/** A creator's posts in one campaign, newest first. */
export function postSummariesQuery(db: Database, userId: string, campaignId: string, limit: number): Query<CampaignPostSummary[]> {
  return mapQuery(
    allRows(
      db
        .prepare(
          `SELECT id, campaign_id, content, status, status_reasons, campaign_week, posted_at, network, network_post_id
           FROM posts WHERE user_id = ? AND campaign_id = ?
           ORDER BY posted_at DESC, id LIMIT ?`,
        )
        .bind(userId, campaignId, limit),
      postSummaryRowSchema,
    ),
    (rows) =>
      rows.map((row) => ({
        id: row.id,
        campaignId: row.campaign_id,
        content: row.content,
        status: row.status,
        statusReasons: row.status_reasons,
        campaignWeek: row.campaign_week,
        postedAt: row.posted_at,
        network: row.network,
        networkName: networkNames[row.network],
        networkPostId: row.network_post_id,
      })),
  );
}

export function findPost(db: Database, postId: string): Promise<Post | null> {
  return queryFirst(db.prepare(`SELECT * FROM posts WHERE id = ?`).bind(postId), postSchema);
}

/** The creator's post in the campaign made by this client request (a press of Post), if one was. */
export function findPostByClientRequest(
  db: Database,
  request: { campaignId: string; userId: string; clientRequestId: string },
): Promise<Post | null> {
  return queryFirst(
    db
      .prepare(`SELECT * FROM posts WHERE campaign_id = ? AND user_id = ? AND client_request_id = ?`)
      .bind(request.campaignId, request.userId, request.clientRequestId),
    postSchema,
  );
}

/**
 * Inserts a post unless one with the same id or the same (campaign, user, client request) exists. The unique index on
 * the client request id is what keeps two concurrent submits of one press from both going on: only one insert wins.
 * Returns whether this one did.
 */
export async function insertPostIfNew(db: Database, post: Post): Promise<boolean> {
  const result = await insertPostStatement(db, post).run();
  return result.meta.changes > 0;
}

/** Records X's id for a post being published and starts tracking it, in one batch. Only a post still waiting for X is changed. */
export async function markPostPublished(
  db: Database,
  postId: string,
  published: { networkPostId: string; postedAt: number },
  tracking: PostTracking,
): Promise<boolean> {
  const [marked] = await db.batch([
    db
      .prepare(`UPDATE posts SET network_post_id = ?, posted_at = ?, updated_at = ? WHERE id = ? AND network_post_id IS NULL`)
      .bind(published.networkPostId, published.postedAt, published.postedAt, postId),
    trackPostsStatement(db, [postId], tracking),
  ]);
  return (marked?.meta.changes ?? 0) > 0;
}

/**
 * Reservations still without X's id that were made before `before`: the request that made each died between X and
 * D1, or never reached X. Oldest first.
 */
export function listStaleReservations(db: Database, before: number, limit: number): Promise<Post[]> {
  return queryAll(
    db.prepare(`SELECT * FROM posts WHERE network_post_id IS NULL AND created_at < ? ORDER BY created_at, id LIMIT ?`).bind(before, limit),
    postSchema,
  );
}

/**
 * When the oldest other reservation of this creator in the campaign with this text on the same network was made, if
 * one is still waiting for the network's id: the sign that an earlier attempt may have published the text without
 * recording it.
 */
export async function oldestPendingReservationWith(
  db: Database,
  reservation: Pick<Post, "id" | "campaignId" | "userId" | "content" | "network">,
): Promise<number | null> {
  const row = await queryFirst(
    db
      .prepare(
        `SELECT MIN(created_at) AS created_at FROM posts
         WHERE campaign_id = ? AND user_id = ? AND network = ? AND network_post_id IS NULL AND content = ? AND id != ?`,
      )
      .bind(reservation.campaignId, reservation.userId, reservation.network, reservation.content, reservation.id),
    z.object({ created_at: z.number().nullable() }),
  );
  return row?.created_at ?? null;
}

/** Which of these network post ids a post of Chorus already records. */
export async function recordedNetworkPostIds(db: Database, networkPostIds: readonly string[]): Promise<Set<string>> {
  if (networkPostIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(`SELECT network_post_id FROM posts WHERE network_post_id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(networkPostIds)),
    z.object({ network_post_id: z.string() }),
  );
  return new Set(rows.map((row) => row.network_post_id));
}

/**
 * Removes a post X did not publish (its attachments are freed first: they reference it). A post that has X's id by
 * now (adopted by a concurrent reconciliation) keeps both.
 */
export async function deleteUnpublishedPost(db: Database, postId: string): Promise<void> {
  await db.batch([
    db
      .prepare(
        `UPDATE post_attachments SET post_id = NULL
         WHERE post_id = ?1 AND EXISTS (SELECT 1 FROM posts WHERE id = ?1 AND network_post_id IS NULL)`,
      )
      .bind(postId),
    db.prepare(`DELETE FROM posts WHERE id = ? AND network_post_id IS NULL`).bind(postId),
  ]);
}

export async function isCampaignParticipant(db: Database, campaignId: string, userId: string): Promise<boolean> {
  const row = await db
    .prepare(`SELECT 1 AS joined FROM campaign_participants WHERE campaign_id = ? AND user_id = ?`)
    .bind(campaignId, userId)
    .first();
  return row !== null;
}
