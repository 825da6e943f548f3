import type { Capabilities } from "../../capabilities.ts";
import type { CampaignCard } from "../../contracts/pages.ts";
import { pastCampaignStatuses, type CampaignStatus } from "../../contracts/vocabulary.ts";
import { listCampaignsByStatus } from "../../db/campaigns.ts";
import { joinedCampaignIdsAmong } from "../../db/participants.ts";
import { standings } from "../campaigns/participation.ts";
import { cardsWithPools, standingView } from "./campaign-cards.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

/** The public campaigns in some statuses, with whether the user joined each. */
export async function campaignCards({ db }: Deps, userId: string, statuses: readonly CampaignStatus[]): Promise<CampaignCard[]> {
  const campaigns = await listCampaignsByStatus(db, statuses);
  const joined = await joinedCampaignIdsAmong(
    db,
    userId,
    campaigns.map((campaign) => campaign.id),
  );
  return cardsWithPools(db, campaigns, (id) => joined.has(id));
}

/** `/campaigns`: what runs now and what starts soon. */
export async function allCampaignsPage(deps: Deps, userId: string) {
  const [current, upcoming] = await Promise.all([
    campaignCards(deps, userId, ["active", "ending"]),
    campaignCards(deps, userId, ["inactive"]),
  ]);
  return { current, upcoming, now: deps.clock.now() };
}

/** `/past-campaigns`: ended campaigns, latest first, with the creator's own results in each. */
export async function pastCampaignsPage(deps: Deps, userId: string) {
  const cards = await campaignCards(deps, userId, pastCampaignStatuses);
  const results = await standings(
    deps.db,
    userId,
    cards.map((campaign) => campaign.id),
  );
  return {
    campaigns: cards.reverse().map((campaign) => ({ ...campaign, standing: standingView(results.get(campaign.id)) })),
    now: deps.clock.now(),
  };
}
