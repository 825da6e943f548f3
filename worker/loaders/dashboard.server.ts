import type { Capabilities } from "../capabilities.ts";
import type { DashboardPage } from "../contracts/pages.ts";
import { currentCampaignStatuses, type CampaignStatus } from "../contracts/vocabulary.ts";
import { currentCampaignCardsQuery, joinedCampaignCardsQuery } from "../db/campaigns.ts";
import { payoutsToConfirmQuery } from "../db/notifications.ts";
import { postedCampaignsQuery } from "../db/memberships.ts";
import { postCountsByCampaignAndStatusQuery } from "../db/creator-post-counts.ts";
import { runBatch } from "../db/query.ts";
import { claimablePosts, standingsFrom } from "../domain/campaigns/participation.ts";
import { balancesQuery } from "../domain/ledger/balances.ts";
import { campaignCard, latestPostsIn, standingView } from "./shared/campaign-cards.server.ts";
import type { Database } from "../database.ts";

/** Campaigns to join, soonest ending first; the campaigns page lists them all. */
const OPEN_CAMPAIGNS_LIMIT = 6;

/** The recent posts: the latest of the campaign posted in last (one campaign's store). */
const RECENT_POSTS_LIMIT = 5;

/** As many banners as the sidebar's recent notifications could hold. */
const PAYOUT_BANNERS_LIMIT = 50;

/**
 * A joined campaign is on the dashboard while it runs, and once ended while it is being evaluated (its posts may still
 * be claimed). Evaluated ones are on the past campaigns page: read here, they would cost a card each on every visit
 * and, ending first, fill the list before the running ones.
 */
const joinedOnDashboard = [...currentCampaignStatuses, "evaluating"] as const satisfies readonly CampaignStatus[];

/**
 * What the dashboard reads from the catalog, sent as one batch (the benchmark sends the same statements alone:
 * bench/anchors); then the recent posts, from the campaign posted in last.
 */
export function dashboardQueries(db: Database, userId: string) {
  return [
    joinedCampaignCardsQuery(db, userId, joinedOnDashboard),
    currentCampaignCardsQuery(db, { notJoinedBy: userId, limit: OPEN_CAMPAIGNS_LIMIT }),
    postedCampaignsQuery(db, userId, 1),
    balancesQuery(db, userId),
    postCountsByCampaignAndStatusQuery(db, userId),
    payoutsToConfirmQuery(db, userId, PAYOUT_BANNERS_LIMIT),
  ] as const;
}

/** `GET /v1/page/dashboard` and the dashboard page: the catalog in one round trip, then the recent posts' campaign. */
export async function dashboardPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
): Promise<DashboardPage> {
  const [joined, open, [postedLast], balances, postCounts, payoutsToConfirm] = await timings.measure("q-dashboard", () =>
    runBatch(db, dashboardQueries(db, userId)),
  );
  const recentPosts = await latestPostsIn({ db, timings }, userId, postedLast, RECENT_POSTS_LIMIT, "q-dashboard-posts");
  const standingByCampaign = standingsFrom(postCounts);
  // Ended campaigns stay on the dashboard while there is something to do there (posts to claim).
  const onDashboard = joined.filter(
    (campaign) => campaign.status !== "evaluating" || claimablePosts(standingByCampaign.get(campaign.id)) > 0,
  );
  return {
    now: clock.now(),
    balances,
    joinedCampaigns: onDashboard.map((campaign) => ({
      ...campaignCard(campaign, true),
      standing: standingView(standingByCampaign.get(campaign.id)),
    })),
    openCampaigns: open.map((campaign) => campaignCard(campaign, false)),
    recentPosts,
    payoutsToConfirm,
  };
}
