import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserCampaignPage } from "../contracts/advertiser-campaigns.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { runBatch } from "../db/query.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";
import { consoleCampaignOf, consoleCampaignQueries } from "../domain/campaigns/console.ts";
import { leaderboardQueries, leaderboardsFrom } from "../domain/leaderboards/leaderboards.ts";
import { campaignFormChoices } from "./shared/campaign-form.server.ts";

/**
 * `/advertiser/{advertiserId}/campaigns/{campaignId}` (members only) with the campaign's leaderboards of
 * `leaderboardWeek` (null: the running week), names shown, in one round trip.
 */
export async function advertiserCampaignPage(
  { db, clock, timings, config }: Pick<Capabilities, "db" | "clock" | "timings" | "config">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  leaderboardWeek: number | null = null,
): Promise<AdvertiserCampaignPage> {
  const now = clock.now();
  const [member, account, card, suggestions, byScore, byConversions] = await timings.measure("q-advertiser-campaign", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      ...consoleCampaignQueries(db, advertiserId, campaignId),
      ...leaderboardQueries(db, campaignId, leaderboardWeek, now),
    ]),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return {
    account,
    campaign: consoleCampaignOf(card, suggestions, now),
    leaderboards: card === null ? null : leaderboardsFrom(card, leaderboardWeek, now, [byScore, byConversions], { kind: "console" }),
    ...campaignFormChoices(config, now),
  };
}
