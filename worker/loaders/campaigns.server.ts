import type { Capabilities } from "../capabilities.ts";
import { currentCampaignCardsQuery, upcomingCampaignCardsQuery } from "../db/campaigns.ts";
import { joinedCampaignIdsQuery } from "../db/memberships.ts";
import { runBatch } from "../db/query.ts";
import { cardsOf } from "./shared/campaign-cards.server.ts";

/**
 * `/campaigns`: what runs now and what starts soon, with whether the user joined each. "Starting soon" leaves out
 * campaigns that cannot start any more: ended, or past their start without funding (docs/decisions/032 section 3).
 */
export async function allCampaignsPage({ db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">, userId: string) {
  const now = clock.now();
  const [current, upcoming, joinedIds] = await timings.measure("q-campaigns", () =>
    runBatch(db, [currentCampaignCardsQuery(db), upcomingCampaignCardsQuery(db, now), joinedCampaignIdsQuery(db, userId)]),
  );
  return { current: cardsOf(current, joinedIds), upcoming: cardsOf(upcoming, joinedIds), now };
}
