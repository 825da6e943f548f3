import type { Capabilities } from "../../capabilities.ts";
import {
  rewardCurrencies,
  type AdvertiserCampaignPage,
  type AdvertiserCampaignsPage,
  type ConsoleCampaign,
} from "../../contracts/advertiser-campaigns.ts";
import { memberQuery } from "../../db/advertiser-members.ts";
import { advertiserQuery } from "../../db/advertisers.ts";
import { advertiserCampaignCardsQuery } from "../../db/campaigns.ts";
import { runBatch } from "../../db/query.ts";
import { advertiserNotFound } from "../advertisers/membership.ts";
import { consoleCampaignList, consoleCampaignOf, consoleCampaignQueries } from "../campaigns/console.ts";
import { leaderboardQueries, leaderboardsFrom } from "../leaderboards/leaderboards.ts";
import type { Leaderboards } from "../../contracts/leaderboards.ts";

type Deps = Pick<Capabilities, "db" | "clock" | "timings" | "config">;

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included (members only). */
export async function advertiserCampaignsPage(
  { db, clock, timings }: Deps,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserCampaignsPage> {
  // One round trip: what a non-member's read finds is dropped before anything is answered.
  const [member, account, campaigns] = await timings.measure("q-advertiser-campaigns", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      advertiserCampaignCardsQuery(db, advertiserId),
    ]),
  );
  if (member === null || account === null) throw advertiserNotFound();
  return { account, ...consoleCampaignList(campaigns, clock.now()) };
}

/**
 * `/advertiser/{advertiserId}/campaigns/new` (no campaign id) and `/advertiser/{advertiserId}/campaigns/{campaignId}`
 * with the campaign's leaderboards of `leaderboardWeek` (null: the running week), names shown, in one round trip.
 */
export async function advertiserCampaignPage(
  { db, clock, timings, config }: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
  leaderboardWeek: number | null = null,
): Promise<AdvertiserCampaignPage> {
  const now = clock.now();
  const access = [memberQuery(db, advertiserId, userId), advertiserQuery(db, advertiserId)] as const;
  const { member, account, campaign, leaderboards } = await timings.measure("q-advertiser-campaign", () =>
    campaignId === null
      ? runBatch(db, access).then(([member, account]) => ({
          member,
          account,
          campaign: (): ConsoleCampaign | null => null,
          leaderboards: (): Leaderboards | null => null,
        }))
      : runBatch(db, [
          ...access,
          ...consoleCampaignQueries(db, advertiserId, campaignId),
          ...leaderboardQueries(db, campaignId, leaderboardWeek, now),
        ]).then(([member, account, card, suggestions, byScore, byConversions]) => ({
          member,
          account,
          campaign: () => consoleCampaignOf(card, suggestions, now),
          leaderboards: () =>
            card === null ? null : leaderboardsFrom(card, leaderboardWeek, now, [byScore, byConversions], { kind: "console" }),
        })),
  );
  // What a non-member's read finds is dropped before anything is answered.
  if (member === null || account === null) throw advertiserNotFound();
  return {
    account,
    campaign: campaign(),
    leaderboards: leaderboards(),
    currencies: [...rewardCurrencies],
    xApiRates: config.xApiRates,
    now,
  };
}
