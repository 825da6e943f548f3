import { DAY, HOUR } from "../../clock.ts";
import type { CampaignStatus } from "../../contracts/vocabulary.ts";

/**
 * A campaign's time line (PRODUCT.md "Campaigns"; its weeks: contracts/campaign-weeks.ts): the last 24 h "ending", then the
 * maturity period after the end. Pure: every rule here takes `now`.
 */
/** A campaign is `ending` for its last 24 hours. */
export const ENDING_WINDOW = DAY;

export type CampaignTimes = { startsAt: number; endsAt: number; maturityHours: number };

/** The end of the maturity period: every post has matured by then, and the campaign is evaluated. */
export function maturityEndsAt(campaign: Pick<CampaignTimes, "endsAt" | "maturityHours">): number {
  return campaign.endsAt + campaign.maturityHours * HOUR;
}

/** The statuses whose campaign has weeks to close and a health to keep: live, or ended and maturing. */
const tendedStatuses: readonly CampaignStatus[] = ["active", "ending", "evaluating"];

export function isLiveOrMaturing(status: CampaignStatus): boolean {
  return tendedStatuses.includes(status);
}

/** A post matures this long after it was posted (the campaign's maturity period, 48 h by default). */
export function postMaturesAt(postedAt: number, campaign: Pick<CampaignTimes, "maturityHours">): number {
  return postedAt + campaign.maturityHours * HOUR;
}

/** `publishedAt` null is a draft (absent: published, as campaigns built in code are). */
export type LifecycleFacts = {
  status: CampaignStatus;
  startsAt: number;
  endsAt: number;
  fundedAt: number | null;
  publishedAt?: number | null;
};

/**
 * The status time gives a campaign: inactive until its start is reached AND its pool is funded, then active,
 * ending in the last 24 h, evaluating once ended. Only the evaluation moves a campaign on to `evaluated`, and a
 * campaign never goes back. A draft (never published) stays `inactive` whatever the clock or its funding say.
 */
export function campaignStatusAt(campaign: LifecycleFacts, now: number): CampaignStatus {
  if (campaign.status === "inactive" && campaign.publishedAt === null) return "inactive";
  if (campaign.status === "evaluating" || campaign.status === "evaluated") return campaign.status;
  const live = campaign.status !== "inactive" || (campaign.fundedAt !== null && now >= campaign.startsAt);
  if (!live) return "inactive";
  if (now >= campaign.endsAt) return "evaluating";
  if (now >= campaign.endsAt - ENDING_WINDOW) return "ending";
  return "active";
}
