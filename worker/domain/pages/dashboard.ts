import type { Capabilities } from "../../capabilities.ts";
import type { DashboardPage } from "../../contracts/pages.ts";
import { currentCampaignStatuses, pastCampaignStatuses } from "../../contracts/vocabulary.ts";
import { campaignCardsQuery, joinedCampaignCardsQuery } from "../../db/campaigns.ts";
import { payoutsToConfirmQuery } from "../../db/notifications.ts";
import { postCountsByCampaignAndStatusQuery } from "../../db/participants.ts";
import { postSummariesQuery } from "../../db/posts.ts";
import { runBatch } from "../../db/query.ts";
import { claimablePosts, standingsFrom } from "../campaigns/participation.ts";
import { balancesQuery } from "../ledger/balances.ts";
import { campaignCard, standingView } from "./campaign-cards.ts";

/** As many banners as the sidebar's recent notifications could hold. */
const PAYOUT_BANNERS_LIMIT = 50;

/** `GET /v1/page/dashboard` and the dashboard page, read in one round trip. */
export async function dashboardPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
): Promise<DashboardPage> {
  const [joined, open, recentPosts, balances, postCounts, payoutsToConfirm] = await timings.measure("q-dashboard", () =>
    runBatch(db, [
      joinedCampaignCardsQuery(db, userId, [...currentCampaignStatuses, ...pastCampaignStatuses]),
      campaignCardsQuery(db, currentCampaignStatuses, { limit: 6 }),
      postSummariesQuery(db, userId, { limit: 5 }),
      balancesQuery(db, userId),
      postCountsByCampaignAndStatusQuery(db, userId),
      payoutsToConfirmQuery(db, userId, PAYOUT_BANNERS_LIMIT),
    ]),
  );
  const standingByCampaign = standingsFrom(postCounts);
  const joinedIds = new Set(joined.map((campaign) => campaign.id));
  // Ended campaigns stay on the dashboard while there is something to do there (posts to claim).
  const onDashboard = joined.filter(
    (campaign) =>
      campaign.status !== "evaluated" && (campaign.status !== "evaluating" || claimablePosts(standingByCampaign.get(campaign.id)) > 0),
  );
  return {
    now: clock.now(),
    balances,
    joinedCampaigns: onDashboard.map((campaign) => ({
      ...campaignCard(campaign, true),
      standing: standingView(standingByCampaign.get(campaign.id)),
    })),
    openCampaigns: open.filter((campaign) => !joinedIds.has(campaign.id)).map((campaign) => campaignCard(campaign, false)),
    recentPosts,
    payoutsToConfirm,
  };
}
