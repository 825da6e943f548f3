import type { Capabilities } from "../../capabilities.ts";
import { AppError, notFound } from "../../contracts/errors.ts";
import type { ReferralLink } from "../../contracts/referrals.ts";
import { creatorClicksQuery, insertReferralLinkStatement, referralLinkViewQuery } from "../../db/referral-links.ts";
import { runBatch } from "../../db/query.ts";
import { newReferralCode } from "./random-ids.ts";

/**
 * The creator's referral link for a campaign they joined, with its clicks; `origin` is the host they asked on, so a
 * partner's creators share the partner's address. The link is made as they join (the memberships' trigger, migration
 * 0077); one missing (a drawn code that was already taken) is made now.
 */
export async function referralLinkOf(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  campaignId: string,
  origin: string,
): Promise<ReferralLink> {
  let [view, clicks] = await runBatch(caps.db, [
    referralLinkViewQuery(caps.db, campaignId, userId),
    creatorClicksQuery(caps.db, campaignId, userId),
  ]);
  if (view === null) throw notFound("This campaign does not exist.");
  if (view.joined === 0) throw new AppError(403, "not_joined", "Join this campaign to get your referral link.");
  for (let attempt = 0; view?.code === null && attempt < 3; attempt += 1) {
    await insertReferralLinkStatement(caps.db, newReferralCode(), campaignId, userId, caps.clock.now()).run();
    [view, clicks] = await runBatch(caps.db, [
      referralLinkViewQuery(caps.db, campaignId, userId),
      creatorClicksQuery(caps.db, campaignId, userId),
    ]);
  }
  if (view === null || view.code === null) throw new Error(`No referral link could be made for ${userId} in ${campaignId}`);
  return {
    campaignId,
    code: view.code,
    url: new URL(`/r/${view.code}`, origin).toString(),
    clicks,
    destinationUrl: view.destination_url,
    attributionWindowDays: view.attribution_window_days,
  };
}
