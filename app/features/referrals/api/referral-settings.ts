import type { ReferralSettings } from "@contracts/referrals.ts";
import type { CampaignSettingsKind } from "~/lib/queries/campaign-settings";

/** A campaign's referral settings in the console (docs/decisions/043-referral-links.md). */
export const referralSettings: CampaignSettingsKind<ReferralSettings> = {
  segment: "referrals",
  schema: async () => (await import("@contracts/referrals.ts")).referralSettingsSchema,
};
