import type { Capabilities } from "../capabilities.ts";
import { campaignWeeks, currentCampaignWeek } from "../contracts/campaign-weeks.ts";
import { notFound } from "../contracts/errors.ts";
import type { CampaignPage } from "../contracts/pages.ts";
import { campaignCardQuery } from "../db/campaigns.ts";
import { joinedCampaignIdsQuery } from "../db/memberships.ts";
import { postCountsByCampaignAndStatusQuery } from "../db/creator-post-counts.ts";
import { postSummariesQuery } from "../db/posts.ts";
import { creatorClicksQuery, referralLinkViewQuery } from "../db/referral-links.ts";
import { runBatch } from "../db/query.ts";
import { suggestionsQuery } from "../db/suggestions.ts";
import { standingsFrom } from "../domain/campaigns/participation.ts";
import { leaderboardQueries, leaderboardsFrom } from "../domain/leaderboards/leaderboards.ts";
import { campaignCard, standingView, titledPosts } from "./shared/campaign-cards.server.ts";

/** How many of the creator's posts in the campaign its page shows. */
const POSTS_LIMIT = 100;

/**
 * `/campaign/{id}`: the campaign, its rules and weeks, and the creator's own posts, standing and referral link in it;
 * `origin` is the host the page was asked on, which the link is shared on; `leaderboardWeek` the week its leaderboards
 * show (null: the running one).
 */
export async function campaignPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
  campaignId: string,
  origin: string,
  leaderboardWeek: number | null = null,
): Promise<CampaignPage> {
  const now = clock.now();
  // Everything is keyed by the ids the page has, so it is one round trip; what a hidden campaign's read finds is dropped.
  const [campaign, joinedIds, suggestions, posts, postCounts, referral, clicks, byScore, byConversions] = await timings.measure(
    "q-campaign",
    () =>
      runBatch(db, [
        campaignCardQuery(db, campaignId),
        joinedCampaignIdsQuery(db, userId),
        suggestionsQuery(db, campaignId),
        postSummariesQuery(db, userId, campaignId, POSTS_LIMIT),
        postCountsByCampaignAndStatusQuery(db, userId, { campaignId }),
        referralLinkViewQuery(db, campaignId, userId),
        creatorClicksQuery(db, campaignId, userId),
        ...leaderboardQueries(db, campaignId, leaderboardWeek, now),
      ]),
  );
  const joined = campaign !== null && joinedIds.has(campaign.id);
  // Invite-only campaigns stay hidden from people who were not invited; their invitation page shows them.
  if (campaign === null || (campaign.visibility === "invite-only" && !joined)) throw notFound("This campaign does not exist.");
  return {
    now,
    campaign: {
      ...campaignCard(campaign, joined),
      description: campaign.description,
      imageUrl: campaign.imageUrl,
      rules: campaign.rules,
      maturityHours: campaign.maturityHours,
      creatorCapBps: campaign.creatorCapBps,
    },
    weeks: campaignWeeks(campaign),
    currentWeek: currentCampaignWeek(campaign, now),
    suggestions: suggestions.map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    standing: standingView(standingsFrom(postCounts).get(campaign.id)),
    posts: titledPosts(posts, campaign.title),
    referral:
      referral === null || referral.code === null
        ? null
        : {
            url: new URL(`/r/${referral.code}`, origin).toString(),
            clicks,
            destinationHost: referral.destination_url === null ? null : new URL(referral.destination_url).host,
            attributionWindowDays: referral.attribution_window_days,
          },
    leaderboards: leaderboardsFrom(campaign, leaderboardWeek, now, [byScore, byConversions], { kind: "public", userId }),
  };
}
