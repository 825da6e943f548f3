import type { Capabilities } from "../../capabilities.ts";
import { rewardCurrencies, type AdvertiserCampaignPage, type AdvertiserCampaignsPage } from "../../contracts/advertiser-campaigns.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { advertiserNotFound, requireMembership } from "../advertisers/membership.ts";
import { getConsoleCampaign, listConsoleCampaigns } from "../campaigns/console.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

async function accountOf(caps: Deps, userId: string, advertiserId: string) {
  await requireMembership(caps, userId, advertiserId);
  const account = await findAdvertiser(caps.db, advertiserId);
  if (account === null) throw advertiserNotFound();
  return account;
}

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included (members only). */
export async function advertiserCampaignsPage(caps: Deps, userId: string, advertiserId: string): Promise<AdvertiserCampaignsPage> {
  const account = await accountOf(caps, userId, advertiserId);
  const { campaigns, now } = await listConsoleCampaigns(caps, userId, advertiserId);
  return { account, campaigns, now };
}

/** `/advertiser/{advertiserId}/campaigns/new` (no campaign id) and `/advertiser/{advertiserId}/campaigns/{campaignId}`. */
export async function advertiserCampaignPage(
  caps: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
): Promise<AdvertiserCampaignPage> {
  const account = await accountOf(caps, userId, advertiserId);
  const campaign = campaignId === null ? null : await getConsoleCampaign(caps, userId, advertiserId, campaignId);
  return { account, campaign, currencies: [...rewardCurrencies], now: caps.clock.now() };
}
