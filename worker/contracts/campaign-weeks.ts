/**
 * Campaign weeks (PRODUCT.md "Campaigns"): 7-day periods from the campaign's start, numbered from 1; the last one
 * may be shorter. One set of functions for the rewards engine, the post writer and the pages. Pure.
 */
export const WEEK = 7 * 24 * 60 * 60 * 1000;

export type CampaignSpan = { startsAt: number; endsAt: number };
export type CampaignWeek = { number: number; startsAt: number; endsAt: number };

/** How many campaign weeks (and weekly pools) a campaign has. */
export function campaignWeekCount(campaign: CampaignSpan): number {
  return Math.max(1, Math.ceil((campaign.endsAt - campaign.startsAt) / WEEK));
}

/** When posts count for a campaign week: [start, end). */
export function campaignWeekWindow(campaign: CampaignSpan, week: number): { start: number; end: number } {
  const start = campaign.startsAt + (week - 1) * WEEK;
  return { start, end: Math.min(campaign.startsAt + week * WEEK, campaign.endsAt) };
}

/** The week a moment falls in; a moment before the start counts for week 1. */
export function campaignWeekAt(campaign: Pick<CampaignSpan, "startsAt">, at: number): number {
  return Math.max(1, Math.floor((at - campaign.startsAt) / WEEK) + 1);
}

/** Every week of the campaign, in order. */
export function campaignWeeks(campaign: CampaignSpan): CampaignWeek[] {
  return Array.from({ length: campaignWeekCount(campaign) }, (_, index) => {
    const { start, end } = campaignWeekWindow(campaign, index + 1);
    return { number: index + 1, startsAt: start, endsAt: end };
  });
}

/** The week running at `now`, or null before the start and after the end. */
export function currentCampaignWeek(campaign: CampaignSpan, now: number): number | null {
  if (now < campaign.startsAt || now >= campaign.endsAt) return null;
  return campaignWeekAt(campaign, now);
}
