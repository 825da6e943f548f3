import type { Capabilities } from "../../capabilities.ts";
import type { ParsedReferralSettings, ReferralSettings } from "../../contracts/referrals.ts";
import { forgetLinkTargetsOf } from "./link-targets.ts";
import { findReferralSettings, updateReferralSettingsStatement } from "../../db/referral-links.ts";
import { campaignSettingsUseCases } from "../advertisers/campaign-settings.ts";

type Deps = Pick<Capabilities, "db" | "clock">;

async function settingsOf(caps: Deps, advertiserId: string, campaignId: string): Promise<ReferralSettings | null> {
  const row = await findReferralSettings(caps.db, advertiserId, campaignId);
  if (row === null) return null;
  return {
    campaignId: row.id,
    destinationUrl: row.destination_url,
    clickIdParam: row.click_id_param,
    attributionWindowDays: row.attribution_window_days,
    links: row.participant_count,
    clicks: row.clicks,
  };
}

/**
 * `…/campaigns/{campaignId}/referrals`: where the campaign's referral links lead, the click id's parameter and the
 * attribution window, with the links and their clicks. A new window applies to clicks from now on; clicks already
 * made keep the window they were made with.
 */
export const referralSettings = campaignSettingsUseCases<ReferralSettings, ParsedReferralSettings>({
  read: settingsOf,
  async write(caps, advertiserId, campaignId, input) {
    const { meta } = await updateReferralSettingsStatement(caps.db, advertiserId, campaignId, input, caps.clock.now()).run();
    if (meta.changes === 0) return null;
    forgetLinkTargetsOf(campaignId);
    return settingsOf(caps, advertiserId, campaignId);
  },
});
