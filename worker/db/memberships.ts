import { z } from "zod";
import { allRows, mapQuery, queryAll, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * Who joined which campaign, as the catalog keeps it (migration 0073, docs/decisions/039-a-million-creators.md): the
 * reads that span a person's campaigns, and the campaign's own participant row written beside it.
 */

/**
 * A creator joins a campaign (once), with the invitation that let them in, if one did: the catalog's membership and
 * the campaign's participant row, for one batch.
 */
export function joinCampaignStatements(
  db: Database,
  campaignId: string,
  userId: string,
  joinedAt: number,
  invitationId: string | null = null,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO campaign_memberships (user_id, campaign_id, joined_at, invitation_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(userId, campaignId, joinedAt, invitationId),
    db
      .prepare(
        `INSERT INTO campaign_participants (campaign_id, user_id, joined_at, invitation_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      )
      .bind(campaignId, userId, joinedAt, invitationId),
  ];
}

const campaignIdRowSchema = z.object({ campaign_id: z.string() });

/** Which of these campaigns the user joined. */
export async function joinedCampaignIdsAmong(db: Database, userId: string, campaignIds: readonly string[]): Promise<Set<string>> {
  if (campaignIds.length === 0) return new Set();
  const rows = await queryAll(
    db
      .prepare(`SELECT campaign_id FROM campaign_memberships WHERE user_id = ? AND campaign_id IN (SELECT value FROM json_each(?))`)
      .bind(userId, JSON.stringify(campaignIds)),
    campaignIdRowSchema,
  );
  return new Set(rows.map((row) => row.campaign_id));
}

/** Every campaign the user joined (a creator joins a handful; pages look their cards up in it). */
export function joinedCampaignIdsQuery(db: Database, userId: string): Query<Set<string>> {
  return mapQuery(
    allRows(db.prepare(`SELECT campaign_id FROM campaign_memberships WHERE user_id = ?`).bind(userId), campaignIdRowSchema),
    (rows) => new Set(rows.map((row) => row.campaign_id)),
  );
}

export function countJoinedCampaignsQuery(db: Database, userId: string): Query<number> {
  return mapQuery(
    allRows(
      db.prepare(`SELECT COUNT(*) AS count FROM campaign_memberships WHERE user_id = ?`).bind(userId),
      z.object({ count: z.number().int() }),
    ),
    (rows) => rows[0]?.count ?? 0,
  );
}

const postedCampaignSchema = z
  .object({ campaign_id: z.string(), title: z.string(), last_posted_at: z.number(), posts: z.number().int() })
  .transform((row) => ({ campaignId: row.campaign_id, title: row.title, lastPostedAt: row.last_posted_at, posts: row.posts }));
export type PostedCampaign = z.infer<typeof postedCampaignSchema>;

/**
 * The campaigns the user has posted in, the one posted in last first, at most `limit`, with how many posts each holds
 * (migrations 0074 and 0075): what the dashboard and the profile list before showing one campaign's posts.
 */
export function postedCampaignsQuery(db: Database, userId: string, limit: number): Query<PostedCampaign[]> {
  return allRows(
    db
      .prepare(
        `SELECT membership.campaign_id, campaigns.title, membership.last_posted_at,
           (SELECT COALESCE(SUM(counted.count), 0) FROM creator_post_counts AS counted
            WHERE counted.user_id = membership.user_id AND counted.campaign_id = membership.campaign_id) AS posts
         FROM campaign_memberships AS membership JOIN campaigns ON campaigns.id = membership.campaign_id
         WHERE membership.user_id = ? AND membership.last_posted_at IS NOT NULL
         ORDER BY membership.last_posted_at DESC, membership.campaign_id LIMIT ?`,
      )
      .bind(userId, limit),
    postedCampaignSchema,
  );
}
