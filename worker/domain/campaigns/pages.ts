import { z } from "zod";
import type { Clock } from "../../clock.ts";
import { campaignWeeks, currentCampaignWeek } from "../../contracts/campaign-weeks.ts";
import { statusReasonSchema } from "../../contracts/campaign-rules.ts";
import type { CampaignCard, CampaignPage, DashboardPage, InvitationPage, PostSummary, ProfilePage } from "../../contracts/pages.ts";
import { currentCampaignStatuses, pastCampaignStatuses, postStatusSchema } from "../../contracts/vocabulary.ts";
import { findCampaignListing, listCampaignsByStatus, listJoinedCampaigns, type CampaignListing } from "../../db/campaigns.ts";
import { findInvitationByToken } from "../../db/invitations.ts";
import { queryAll } from "../../db/query.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import { AppError } from "../../contracts/errors.ts";
import { balancesOf, poolBalances } from "../ledger/balances.ts";
import { claimablePosts, joinedCampaignIds, standings, type Standing } from "./participation.ts";

type Deps = { db: D1Database; clock: Clock };

export function campaignCard(
  campaign: CampaignListing,
  joined: boolean,
  pool: { funded: number; remaining: number } = { funded: 0, remaining: 0 },
): CampaignCard {
  return {
    id: campaign.id,
    title: campaign.title,
    advertiserName: campaign.advertiserName,
    advertiserSlug: campaign.advertiserSlug,
    status: campaign.status,
    visibility: campaign.visibility,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    weeklyPool: campaign.weeklyPool,
    bonusPool: campaign.bonusPool,
    rewardCurrency: campaign.rewardCurrency,
    participantCount: campaign.participantCount,
    joined,
    health: campaign.health,
    pool: { funded: pool.funded, remaining: pool.remaining },
  };
}

/** Cards for a list of campaigns, with their pools read from the ledger in one go. */
export async function cardsWithPools(db: D1Database, campaigns: readonly CampaignListing[], joined: (id: string) => boolean) {
  const pools = await poolBalances(db, campaigns.map((campaign) => campaign.id));
  return campaigns.map((campaign) => campaignCard(campaign, joined(campaign.id), pools[campaign.id]));
}

function standingView(standing: Standing | undefined) {
  return { posts: standing?.posts ?? 0, byStatus: standing?.byStatus ?? {}, claimable: claimablePosts(standing) };
}

const postRowSchema = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    campaign_title: z.string(),
    content: z.string(),
    status: postStatusSchema,
    status_reasons: z.string().transform((text) => z.array(statusReasonSchema).parse(JSON.parse(text))),
    campaign_week: z.number().int(),
    posted_at: z.number(),
    x_post_id: z.string().nullable(),
  })
  .transform(
    (row): PostSummary => ({
      id: row.id,
      campaignId: row.campaign_id,
      campaignTitle: row.campaign_title,
      content: row.content,
      status: row.status,
      statusReasons: row.status_reasons,
      campaignWeek: row.campaign_week,
      postedAt: row.posted_at,
      xPostId: row.x_post_id,
    }),
  );

function postsOf(db: D1Database, userId: string, options: { campaignId?: string; limit: number }): Promise<PostSummary[]> {
  const campaignFilter = options.campaignId === undefined ? "" : "AND posts.campaign_id = ?";
  return queryAll(
    db
      .prepare(
        `SELECT posts.id, posts.campaign_id, campaigns.title AS campaign_title, posts.content, posts.status,
                posts.status_reasons, posts.campaign_week, posts.posted_at, posts.x_post_id
         FROM posts JOIN campaigns ON campaigns.id = posts.campaign_id
         WHERE posts.user_id = ? ${campaignFilter}
         ORDER BY posts.posted_at DESC, posts.id LIMIT ?`,
      )
      .bind(userId, ...(options.campaignId === undefined ? [] : [options.campaignId]), options.limit),
    postRowSchema,
  );
}

/** `GET /v1/page/dashboard`. */
export async function dashboardPage({ db, clock }: Deps, userId: string): Promise<DashboardPage> {
  const [joined, open, recentPosts, balances] = await Promise.all([
    listJoinedCampaigns(db, userId, [...currentCampaignStatuses, ...pastCampaignStatuses]),
    listCampaignsByStatus(db, currentCampaignStatuses, { limit: 6 }),
    postsOf(db, userId, { limit: 5 }),
    balancesOf(db, userId),
  ]);
  const standingByCampaign = await standings(db, userId, joined.map((campaign) => campaign.id));
  const joinedIds = new Set(joined.map((campaign) => campaign.id));
  // Ended campaigns stay on the dashboard while there is something to do there (posts to claim).
  const onDashboard = joined.filter(
    (campaign) =>
      campaign.status !== "evaluated" &&
      (campaign.status !== "evaluating" || claimablePosts(standingByCampaign.get(campaign.id)) > 0),
  );
  const [joinedCards, openCards] = await Promise.all([
    cardsWithPools(db, onDashboard, () => true),
    cardsWithPools(db, open.filter((campaign) => !joinedIds.has(campaign.id)), () => false),
  ]);
  return {
    now: clock.now(),
    balances,
    joinedCampaigns: joinedCards.map((card) => ({ ...card, standing: standingView(standingByCampaign.get(card.id)) })),
    openCampaigns: openCards,
    recentPosts,
  };
}

/** The campaign list of a page (current or past), with whether the user joined each. */
export async function campaignCards(
  { db }: Deps,
  userId: string,
  statuses: readonly CampaignListing["status"][],
): Promise<CampaignCard[]> {
  const campaigns = await listCampaignsByStatus(db, statuses);
  const joined = await joinedCampaignIds(db, userId, campaigns.map((campaign) => campaign.id));
  return cardsWithPools(db, campaigns, (id) => joined.has(id));
}

/** Past campaigns with the creator's own results in each. */
export async function pastCampaignCards(deps: Deps, userId: string) {
  const cards = await campaignCards(deps, userId, pastCampaignStatuses);
  const results = await standings(deps.db, userId, cards.map((campaign) => campaign.id));
  return cards.reverse().map((campaign) => ({ ...campaign, standing: standingView(results.get(campaign.id)) }));
}

/** `/campaign/{id}`: the campaign, its rules and weeks, and the creator's own posts and standing in it. */
export async function campaignPage({ db, clock }: Deps, userId: string, campaignId: string): Promise<CampaignPage> {
  const campaign = await findCampaignListing(db, campaignId);
  const joined = campaign === null ? false : (await joinedCampaignIds(db, userId, [campaign.id])).has(campaign.id);
  // Invite-only campaigns stay hidden from people who were not invited; their invitation page shows them.
  if (campaign === null || (campaign.visibility === "invite-only" && !joined)) {
    throw new AppError(404, "not_found", "This campaign does not exist.");
  }
  const [suggestions, posts, standing, pools] = await Promise.all([
    listSuggestions(db, campaign.id),
    postsOf(db, userId, { campaignId: campaign.id, limit: 100 }),
    standings(db, userId, [campaign.id]),
    poolBalances(db, [campaign.id]),
  ]);
  const now = clock.now();
  const weeks = campaignWeeks(campaign);
  return {
    now,
    campaign: {
      ...campaignCard(campaign, joined, pools[campaign.id]),
      description: campaign.description,
      imageUrl: campaign.imageUrl,
      rules: campaign.rules,
      maturityHours: campaign.maturityHours,
      creatorCapBps: campaign.creatorCapBps,
    },
    weeks,
    currentWeek: currentCampaignWeek(campaign, now),
    suggestions: suggestions.map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    standing: standingView(standing.get(campaign.id)),
    posts,
  };
}

/** `GET /v1/page/profile`: the creator's stats across campaigns and their post history. */
export async function profilePage({ db }: Deps, userId: string): Promise<ProfilePage> {
  const [posts, counts, joined, balances] = await Promise.all([
    postsOf(db, userId, { limit: 100 }),
    queryAll(
      db.prepare(`SELECT status, COUNT(*) AS count FROM posts WHERE user_id = ? GROUP BY status`).bind(userId),
      z.object({ status: postStatusSchema, count: z.number().int() }),
    ),
    db.prepare(`SELECT COUNT(*) AS count FROM campaign_participants WHERE user_id = ?`).bind(userId).first<{ count: number }>(),
    balancesOf(db, userId),
  ]);
  return {
    balances,
    stats: {
      campaignsJoined: joined?.count ?? 0,
      posts: counts.reduce((sum, row) => sum + row.count, 0),
      byStatus: Object.fromEntries(counts.map((row) => [row.status, row.count])),
    },
    posts,
  };
}

/** `GET /v1/page/invitation/token/{publicToken}`: public, no sign-in needed. */
export async function invitationPage({ db, clock }: Deps, publicToken: string): Promise<InvitationPage> {
  const invitation = await findInvitationByToken(db, publicToken);
  const campaign = invitation === null ? null : await findCampaignListing(db, invitation.campaignId);
  if (invitation === null || campaign === null) throw new AppError(404, "not_found", "This invitation does not exist.");
  let inviter: InvitationPage["inviter"];
  if (invitation.inviterUserId !== null) {
    const user = await db.prepare(`SELECT handle FROM users WHERE id = ?`).bind(invitation.inviterUserId).first<{ handle: string }>();
    inviter = { kind: "creator", name: `@${user?.handle ?? "a creator"}` };
  } else {
    const advertiser = await db.prepare(`SELECT name FROM advertisers WHERE id = ?`).bind(invitation.inviterAdvertiserId).first<{ name: string }>();
    inviter = { kind: "advertiser", name: advertiser?.name ?? campaign.advertiserName };
  }
  return {
    invitationId: invitation.id,
    inviter,
    campaign: { ...campaignCard(campaign, false, (await poolBalances(db, [campaign.id]))[campaign.id]), description: campaign.description },
    expired: (invitation.expiresAt ?? Infinity) <= clock.now() || !["inactive", "active", "ending"].includes(campaign.status),
  };
}

