import { z } from "zod";
import { campaignRulesSchema } from "../contracts/campaign-rules.ts";
import { campaignNetworksSchema } from "../contracts/campaign-networks.ts";
import { campaignStatusSchema, type CampaignStatus } from "../contracts/vocabulary.ts";
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

const postableCampaignSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    status: campaignStatusSchema,
    starts_at: z.number(),
    ends_at: z.number(),
    rules: z.string().transform((text) => campaignRulesSchema.parse(JSON.parse(text))),
    disclosure: z.string(),
    networks: z.string().transform((text) => campaignNetworksSchema.parse(JSON.parse(text))),
    advertiser_name: z.string(),
  })
  .transform((row) => ({
    id: row.id,
    title: row.title,
    status: row.status,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    rules: row.rules,
    disclosure: row.disclosure,
    networks: row.networks,
    advertiserName: row.advertiser_name,
  }));
export type PostableCampaignRow = z.infer<typeof postableCampaignSchema>;

/** The campaigns a creator has joined that are in one of `statuses` and open at `now`, closing soonest first. */
export function listJoinedOpenCampaigns(
  db: Database,
  userId: string,
  statuses: readonly CampaignStatus[],
  now: number,
): Promise<PostableCampaignRow[]> {
  return queryAll(
    db
      .prepare(
        `SELECT campaigns.id, campaigns.title, campaigns.status, campaigns.starts_at, campaigns.ends_at, campaigns.rules,
           campaigns.disclosure, campaigns.networks, advertisers.name AS advertiser_name
         FROM campaign_memberships
         JOIN campaigns ON campaigns.id = campaign_memberships.campaign_id
         JOIN advertisers ON advertisers.id = campaigns.advertiser_id
         WHERE campaign_memberships.user_id = ? AND campaigns.status IN (SELECT value FROM json_each(?))
           AND campaigns.published_at IS NOT NULL AND campaigns.starts_at <= ? AND campaigns.ends_at > ?
         ORDER BY campaigns.ends_at ASC, campaigns.id ASC`,
      )
      .bind(userId, JSON.stringify(statuses), now, now),
    postableCampaignSchema,
  );
}
