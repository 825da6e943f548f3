import type { Capabilities } from "../../capabilities.ts";
import type { CampaignFunding } from "../../contracts/advertiser-funding.ts";
import type { CampaignInvitationsPage } from "../../contracts/campaign-invitations.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import { campaignFunding } from "../advertisers/funding.ts";
import { advertiserNotFound } from "../advertisers/membership.ts";
import { listCampaignInvitations, requireAccountCampaign } from "../campaigns/invitations.ts";

/**
 * `/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`, for members of the account that owns the campaign:
 * its invitations, and its funding (what its pools take and what the account lacks).
 */
export async function advertiserCampaignInvitationsPage(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  origin: string,
): Promise<CampaignInvitationsPage & { funding: CampaignFunding }> {
  const campaign = await requireAccountCampaign(caps, userId, advertiserId, campaignId);
  const [account, { invitations }, funding] = await Promise.all([
    findAdvertiser(caps.db, advertiserId),
    listCampaignInvitations(caps, userId, advertiserId, campaignId, origin),
    campaignFunding(caps, userId, advertiserId, campaignId),
  ]);
  if (account === null) throw advertiserNotFound();
  return {
    account: { id: account.id, name: account.name },
    campaign: { id: campaign.id, title: campaign.title, status: campaign.status, visibility: campaign.visibility },
    invitations,
    funding,
  };
}
