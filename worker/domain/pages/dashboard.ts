import type { Capabilities } from "../../capabilities.ts";
import type { DashboardPage } from "../../contracts/pages.ts";
import { currentCampaignStatuses, pastCampaignStatuses } from "../../contracts/vocabulary.ts";
import { listCampaignsByStatus, listJoinedCampaigns } from "../../db/campaigns.ts";
import { listPostSummaries } from "../../db/posts.ts";
import { claimablePosts, standings } from "../campaigns/participation.ts";
import { balancesOf } from "../ledger/balances.ts";
import { cardsWithPools, standingView } from "./campaign-cards.ts";

/** `GET /v1/page/dashboard` and the dashboard page. */
export async function dashboardPage({ db, clock }: Pick<Capabilities, "db" | "clock">, userId: string): Promise<DashboardPage> {
  const [joined, open, recentPosts, balances] = await Promise.all([
    listJoinedCampaigns(db, userId, [...currentCampaignStatuses, ...pastCampaignStatuses]),
    listCampaignsByStatus(db, currentCampaignStatuses, { limit: 6 }),
    listPostSummaries(db, userId, { limit: 5 }),
    balancesOf(db, userId),
  ]);
  const standingByCampaign = await standings(
    db,
    userId,
    joined.map((campaign) => campaign.id),
  );
  const joinedIds = new Set(joined.map((campaign) => campaign.id));
  // Ended campaigns stay on the dashboard while there is something to do there (posts to claim).
  const onDashboard = joined.filter(
    (campaign) =>
      campaign.status !== "evaluated" && (campaign.status !== "evaluating" || claimablePosts(standingByCampaign.get(campaign.id)) > 0),
  );
  const [joinedCards, openCards] = await Promise.all([
    cardsWithPools(db, onDashboard, () => true),
    cardsWithPools(
      db,
      open.filter((campaign) => !joinedIds.has(campaign.id)),
      () => false,
    ),
  ]);
  return {
    now: clock.now(),
    balances,
    joinedCampaigns: joinedCards.map((card) => ({ ...card, standing: standingView(standingByCampaign.get(card.id)) })),
    openCampaigns: openCards,
    recentPosts,
  };
}
