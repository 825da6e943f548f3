import type { Capabilities } from "../../capabilities.ts";
import { notFound } from "../../contracts/errors.ts";
import type { ParsedReferralSettings, ReferralSettings } from "../../contracts/referrals.ts";
import { forgetLinkTargetsOf } from "./link-targets.ts";
import { findReferralSettings, updateReferralSettingsStatement } from "../../db/referral-links.ts";
import { requireMembership } from "../advertisers/membership.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

const campaignNotFound = () => notFound("This campaign does not exist in this advertiser account.");

async function settingsOf(caps: Deps, advertiserId: string, campaignId: string): Promise<ReferralSettings> {
  const row = await findReferralSettings(caps.db, advertiserId, campaignId);
  if (row === null) throw campaignNotFound();
  return {
    campaignId: row.id,
    destinationUrl: row.destination_url,
    clickIdParam: row.click_id_param,
    attributionWindowDays: row.attribution_window_days,
    links: row.participant_count,
    clicks: row.clicks,
  };
}

/** `GET /v1/advertiser/{id}/campaigns/{campaignId}/referrals`: where the campaign's referral links lead, and their clicks. */
export async function getReferralSettings(caps: Deps, userId: string, advertiserId: string, campaignId: string): Promise<ReferralSettings> {
  await requireMembership(caps, userId, advertiserId);
  return settingsOf(caps, advertiserId, campaignId);
}

/**
 * `PUT …/referrals`: the destination, the click id's parameter and the attribution window. A new window applies to
 * clicks from now on; clicks already made keep the window they were made with.
 */
export async function updateReferralSettings(
  caps: Deps,
  userId: string,
  advertiserId: string,
  campaignId: string,
  input: ParsedReferralSettings,
): Promise<ReferralSettings> {
  await requireMembership(caps, userId, advertiserId);
  const { meta } = await updateReferralSettingsStatement(caps.db, advertiserId, campaignId, input, caps.clock.now()).run();
  if (meta.changes === 0) throw campaignNotFound();
  forgetLinkTargetsOf(campaignId);
  return settingsOf(caps, advertiserId, campaignId);
}
