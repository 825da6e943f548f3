import { z } from "zod/mini";

/**
 * The landing → sign-in → join funnel, in distinct devices, per campaign and utm campaign (last touch at the event).
 * A view of an advertiser's landing page names no campaign, so it counts toward each campaign of that advertiser.
 */
export const funnelRowSchema = z.object({
  advertiserId: z.string(),
  advertiserName: z.string(),
  campaignId: z.string(),
  campaignName: z.string(),
  /** null: visitors who arrived without a utm campaign. */
  utmCampaign: z.nullable(z.string()),
  landingViews: z.number().check(z.int()),
  signInClicks: z.number().check(z.int()),
  joins: z.number().check(z.int()),
});
export type FunnelRow = z.infer<typeof funnelRowSchema>;
