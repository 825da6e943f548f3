import type { Capabilities } from "../../capabilities.ts";
import { rewardCurrencies, type AdvertiserCampaignPage, type AdvertiserCampaignsPage } from "../../contracts/advertiser-campaigns.ts";
import { memberQuery } from "../../db/advertiser-members.ts";
import { advertiserQuery, findAdvertiser } from "../../db/advertisers.ts";
import { advertiserCampaignCardsQuery } from "../../db/campaigns.ts";
import { runBatch } from "../../db/query.ts";
import { advertiserNotFound, requireMembership } from "../advertisers/membership.ts";
import { consoleCampaignList, getConsoleCampaign } from "../campaigns/console.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

async function accountOf(caps: Deps, userId: string, advertiserId: string) {
  await requireMembership(caps, userId, advertiserId);
  const account = await findAdvertiser(caps.db, advertiserId);
  if (account === null) throw advertiserNotFound();
  return account;
}

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included (members only). */
export async function advertiserCampaignsPage(
  { db, clock, timings }: Deps & Pick<Capabilities, "timings">,
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
