import type { Capabilities } from "../../capabilities.ts";
import { campaignWeeks, currentCampaignWeek } from "../../contracts/campaign-weeks.ts";
import { notFound } from "../../contracts/errors.ts";
import type { CampaignPage } from "../../contracts/pages.ts";
import { findCampaignListing } from "../../db/campaigns.ts";
import { joinedCampaignIdsAmong } from "../../db/participants.ts";
import { listPostSummaries } from "../../db/posts.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import { standings } from "../campaigns/participation.ts";
import { poolBalances } from "../ledger/balances.ts";
import { campaignCard, standingView } from "./campaign-cards.ts";

/** `/campaign/{id}`: the campaign, its rules and weeks, and the creator's own posts and standing in it. */
export async function campaignPage(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  userId: string,
  campaignId: string,
): Promise<CampaignPage> {
  const campaign = await findCampaignListing(db, campaignId);
  const joined = campaign === null ? false : (await joinedCampaignIdsAmong(db, userId, [campaign.id])).has(campaign.id);
  // Invite-only campaigns stay hidden from people who were not invited; their invitation page shows them.
  if (campaign === null || (campaign.visibility === "invite-only" && !joined)) throw notFound("This campaign does not exist.");
  const [suggestions, posts, standing, pools] = await Promise.all([
    listSuggestions(db, campaign.id),
    listPostSummaries(db, userId, { campaignId: campaign.id, limit: 100 }),
    standings(db, userId, [campaign.id]),
    poolBalances(db, [campaign.id]),
  ]);
  const now = clock.now();
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
    weeks: campaignWeeks(campaign),
    currentWeek: currentCampaignWeek(campaign, now),
    suggestions: suggestions.map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    standing: standingView(standing.get(campaign.id)),
    posts,
  };
}
