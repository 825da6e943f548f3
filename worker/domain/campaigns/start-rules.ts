import { AppError } from "../../contracts/errors.ts";
import type { CampaignNotStartedReason } from "../../contracts/advertiser-campaigns.ts";
import type { CampaignStatus } from "../../contracts/vocabulary.ts";

/**
 * Whether a campaign can still start and be joined (docs/decisions/032-spec-server-items.md section 3). A campaign
 * starts when its start is reached AND its pools are funded (rewards/calendar.ts); one whose start passed without
 * funding has not started, and one whose end passed never will. Pure: every rule takes `now`.
 */
export type StartFacts = {
  status: CampaignStatus;
  startsAt: number;
  endsAt: number;
  fundedAt: number | null;
  publishedAt?: number | null;
};

/** Why a published campaign has not started although its start has come: "not-funded"; null otherwise. */
export function notStartedReason(campaign: StartFacts, now: number): CampaignNotStartedReason | null {
  if (campaign.status !== "inactive" || campaign.publishedAt === null) return null;
  return campaign.fundedAt === null && now >= campaign.startsAt ? "not-funded" : null;
}

const closedStatuses: readonly CampaignStatus[] = ["evaluating", "evaluated"];

/**
 * Why nobody can join the campaign now, in words, or null when they can: it ended (by its status, or its end passed
 * before the scheduler moved it on), or its start passed without funding.
 */
export function joinRefusal(campaign: StartFacts, now: number): AppError | null {
  if (closedStatuses.includes(campaign.status) || now >= campaign.endsAt) {
    return new AppError(409, "campaign_closed", "This campaign has ended, so it cannot be joined any more.");
  }
  if (notStartedReason(campaign, now) === "not-funded") {
    return new AppError(
      409,
      "campaign_not_started",
      "This campaign has not started: its start date passed before the advertiser funded it. It can be joined once it is funded.",
    );
  }
  return null;
}
