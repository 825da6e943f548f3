import type { Capabilities } from "../capabilities.ts";
import type { AdvertiserCampaignsPage } from "../contracts/advertiser-campaigns.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { advertiserCampaignCardsQuery } from "../db/campaigns.ts";
import { runBatch } from "../db/query.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";
import { consoleCampaignList } from "../domain/campaigns/console.ts";

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included (members only). */
export async function advertiserCampaignsPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
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
