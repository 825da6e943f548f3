import type { CampaignCard, StandingView } from "../../contracts/pages.ts";
import type { CampaignListing } from "../../db/campaigns.ts";
import { poolBalances } from "../ledger/balances.ts";
import { claimablePosts, type Standing } from "../campaigns/participation.ts";

/** A campaign as every list shows it: its facts, whether the creator joined, its health and its pools. */
export function campaignCard(
  campaign: CampaignListing,
  joined: boolean,
  pool: { funded: number; remaining: number } = { funded: 0, remaining: 0 },
): CampaignCard {
  return {
    id: campaign.id,
    title: campaign.title,
    advertiserId: campaign.advertiserId,
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
export async function cardsWithPools(
  db: D1Database,
  campaigns: readonly CampaignListing[],
  joined: (id: string) => boolean,
): Promise<CampaignCard[]> {
  const pools = await poolBalances(
    db,
    campaigns.map((campaign) => campaign.id),
  );
  return campaigns.map((campaign) => campaignCard(campaign, joined(campaign.id), pools[campaign.id]));
}

export function standingView(standing: Standing | undefined): StandingView {
  return { posts: standing?.posts ?? 0, byStatus: standing?.byStatus ?? {}, claimable: claimablePosts(standing) };
}
