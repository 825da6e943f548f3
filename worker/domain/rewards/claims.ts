import { claimEligiblePosts } from "../../db/payout-confirmations.ts";
import { findRewardCampaign } from "../../db/reward-campaigns.ts";
import { AppError } from "../../contracts/errors.ts";
import type { RewardsDeps } from "./deps.ts";

export type PayoutConfirmation = { campaignId: string; claimedPostIds: string[] };

/**
 * `POST /v1/action/payout/confirm/{campaignId}`: the creator's eligible posts in the campaign become `claimed`, and
 * posts of theirs that become eligible later in the campaign are claimed as they mature. Nothing to claim (no
 * eligible post, or the campaign is already evaluated) is a 409 the page can show as it is.
 */
export async function confirmPayout({ db, clock }: RewardsDeps, userId: string, campaignId: string): Promise<PayoutConfirmation> {
  const campaign = await findRewardCampaign(db, campaignId);
  if (campaign === null) throw new AppError(404, "campaign_not_found", "This campaign does not exist.");
  const claimedPostIds = await claimEligiblePosts(db, { campaignId, userId, now: clock.now() });
  if (claimedPostIds.length === 0) {
    const message =
      campaign.status === "evaluated"
        ? `${campaign.title} has been evaluated: there is nothing left to claim.`
        : `You have no eligible posts to claim in ${campaign.title} yet.`;
    throw new AppError(409, "nothing_to_claim", message);
  }
  return { campaignId, claimedPostIds };
}
