import type { Capabilities } from "../capabilities.ts";
import type { CampaignFunding } from "../contracts/advertiser-funding.ts";
import type { CampaignInvitationsPage } from "../contracts/campaign-invitations.ts";
import { memberQuery } from "../db/advertiser-members.ts";
import { advertiserQuery } from "../db/advertisers.ts";
import { campaignInvitationsQuery } from "../db/invitations.ts";
import { runBatch } from "../db/query.ts";
import { rewardCampaignQuery } from "../db/reward-campaigns.ts";
import { campaignFundingFrom, fundingBalancesQuery } from "../domain/advertisers/funding.ts";
import { advertiserNotFound } from "../domain/advertisers/membership.ts";
import { accountCampaignOrNotFound, campaignInvitationView } from "../domain/campaigns/invitations.ts";

/**
 * `/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`, for members of the account that owns the campaign:
 * its invitations, and its funding (what its pools take and what the account lacks). One round trip.
 */
export async function advertiserCampaignInvitationsPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  origin: string,
): Promise<CampaignInvitationsPage & { funding: CampaignFunding }> {
  const [member, account, campaignRow, invitations, available] = await timings.measure("q-campaign-invitations", () =>
    runBatch(db, [
      memberQuery(db, advertiserId, userId),
      advertiserQuery(db, advertiserId),
      rewardCampaignQuery(db, campaignId),
      campaignInvitationsQuery(db, campaignId),
      fundingBalancesQuery(db, advertiserId),
    ]),
  );
  // What a non-member's read finds is dropped before anything is answered; so is another account's campaign.
  if (member === null) throw advertiserNotFound();
  const campaign = accountCampaignOrNotFound(campaignRow, advertiserId);
  if (account === null) throw advertiserNotFound();
  const now = clock.now();
  return {
    account: { id: account.id, name: account.name },
    campaign: { id: campaign.id, title: campaign.title, status: campaign.status, visibility: campaign.visibility },
    invitations: invitations.map((invitation) => campaignInvitationView(invitation, campaign, origin, now)),
    funding: campaignFundingFrom(campaign, available.get(campaign.rewardCurrency) ?? 0),
  };
}
