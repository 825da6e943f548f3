import type { RiskSettings } from "@contracts/risk-review.ts";
import type { CampaignSettingsKind } from "~/lib/queries/campaign-settings";

/** A campaign's review threshold and window in the console (docs/decisions/047-risk-and-review.md). */
export const reviewSettings: CampaignSettingsKind<RiskSettings> = {
  segment: "review-settings",
  schema: async () => (await import("@contracts/risk-review.ts")).riskSettingsSchema,
};
