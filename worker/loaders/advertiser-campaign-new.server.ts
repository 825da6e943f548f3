import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserCampaignPage } from "../contracts/advertiser-campaigns.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { runBatch } from "../db/query.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";
import { campaignFormChoices } from "./shared/campaign-form.server.ts";

/** `/advertiser/{advertiserId}/campaigns/new` (members only): the campaign form, empty. */
export async function advertiserCampaignNewPage(
  { db, clock, timings, config }: Pick<Capabilities, "db" | "clock" | "timings" | "config">,
  userId: string,
  advertiserId: string,
): Promise<AdvertiserCampaignPage> {
  const [member, account] = await timings.measure("q-advertiser-campaign", () =>
    runBatch(db, [memberQuery(db, advertiserId, userId), advertiserQuery(db, advertiserId)]),
  );
  if (member === null || account === null) throw advertiserNotFound();
  return { account, campaign: null, leaderboards: null, ...campaignFormChoices(config, clock.now()) };
}
