import type { Capabilities } from "../../capabilities.ts";
import { pastCampaignStatuses } from "../../contracts/vocabulary.ts";
import { campaignCardsQuery, type CampaignCardSummary } from "../../db/campaigns.ts";
import { joinedCampaignIdsQuery, postCountsByCampaignAndStatusQuery } from "../../db/participants.ts";
import { runBatch } from "../../db/query.ts";
import { standingsFrom } from "../campaigns/participation.ts";
import { campaignCard, standingView } from "./campaign-cards.ts";

type Deps = Pick<Capabilities, "db" | "clock" | "timings">;

const cardsOf = (campaigns: readonly CampaignCardSummary[], joinedIds: ReadonlySet<string>) =>
  campaigns.map((campaign) => campaignCard(campaign, joinedIds.has(campaign.id)));

/**
 * `/campaigns`: what runs now and what starts soon, with whether the user joined each. "Starting soon" leaves out
 * campaigns that cannot start any more: ended, or past their start without funding (docs/decisions/032 section 3).
 */
export async function allCampaignsPage({ db, clock, timings }: Deps, userId: string) {
  const now = clock.now();
  const [current, upcoming, joinedIds] = await timings.measure("q-campaigns", () =>
    runBatch(db, [
      campaignCardsQuery(db, ["active", "ending"]),
      campaignCardsQuery(db, ["inactive"], { canStartAt: now }),
      joinedCampaignIdsQuery(db, userId),
    ]),
  );
  return { current: cardsOf(current, joinedIds), upcoming: cardsOf(upcoming, joinedIds), now };
}

/** `/past-campaigns`: ended campaigns, latest first, with the creator's own results in each. */
export async function pastCampaignsPage({ db, clock, timings }: Deps, userId: string) {
  const [campaigns, joinedIds, postCounts] = await timings.measure("q-past-campaigns", () =>
    runBatch(db, [
      campaignCardsQuery(db, pastCampaignStatuses),
      joinedCampaignIdsQuery(db, userId),
      postCountsByCampaignAndStatusQuery(db, userId),
    ]),
  );
  const results = standingsFrom(postCounts);
  return {
    campaigns: cardsOf(campaigns, joinedIds)
      .reverse()
      .map((campaign) => ({ ...campaign, standing: standingView(results.get(campaign.id)) })),
    now: clock.now(),
  };
}
