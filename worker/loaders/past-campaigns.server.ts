import type { Capabilities } from "../capabilities.ts";
import { pastCampaignCardsQuery, type PastCampaignsCursor } from "../db/campaigns.ts";
import { joinedCampaignIdsQuery } from "../db/memberships.ts";
import { postCountsByCampaignAndStatusQuery } from "../db/creator-post-counts.ts";
import { runBatch } from "../db/query.ts";
import { standingsFrom } from "../domain/campaigns/participation.ts";
import { cardsOf, standingView } from "./shared/campaign-cards.server.ts";

/** Past campaigns shown on a page of `/past-campaigns`. */
export const PAST_CAMPAIGNS_PAGE_SIZE = 24;

/** The cursor of the next page, `<endsAt>.<id>` (what the page's "Older campaigns" link carries), or null. */
export function pastCampaignsCursorOf(value: string | null): PastCampaignsCursor | null {
  const match = value === null ? null : /^(\d{1,16})\.([\w-]{1,128})$/.exec(value);
  if (match === null || match[1] === undefined || match[2] === undefined) return null;
  return { endsAt: Number(match[1]), id: match[2] };
}

/**
 * `/past-campaigns`: ended campaigns, latest first, a page at a time (`before`: the cursor of the page's first card's
 * predecessor, from the link of the page before), with the creator's own results in each.
 */
export async function pastCampaignsPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  userId: string,
  before: PastCampaignsCursor | null = null,
) {
  const [campaigns, joinedIds, postCounts] = await timings.measure("q-past-campaigns", () =>
    runBatch(db, [
      pastCampaignCardsQuery(db, { ...(before === null ? {} : { before }), limit: PAST_CAMPAIGNS_PAGE_SIZE + 1 }),
      joinedCampaignIdsQuery(db, userId),
      postCountsByCampaignAndStatusQuery(db, userId),
    ]),
  );
  const results = standingsFrom(postCounts);
  const shown = campaigns.slice(0, PAST_CAMPAIGNS_PAGE_SIZE);
  const last = shown.at(-1);
  return {
    campaigns: cardsOf(shown, joinedIds).map((campaign) => ({ ...campaign, standing: standingView(results.get(campaign.id)) })),
    olderCursor: campaigns.length > PAST_CAMPAIGNS_PAGE_SIZE && last !== undefined ? `${last.endsAt}.${last.id}` : null,
    now: clock.now(),
  };
}
