import { z } from "zod/mini";

/** The status words of SPEC.md section 3, shared by the server and the browser. */
export const campaignStatuses = ["inactive", "active", "ending", "evaluating", "evaluated"] as const;
export const campaignStatusSchema = z.enum(campaignStatuses);
export type CampaignStatus = z.infer<typeof campaignStatusSchema>;

/** Campaigns a creator can still post to. */
export const currentCampaignStatuses = ["active", "ending"] as const satisfies readonly CampaignStatus[];
/** Campaigns that have ended. */
export const pastCampaignStatuses = ["evaluating", "evaluated"] as const satisfies readonly CampaignStatus[];

export const campaignHealthSchema = z.enum(["good", "moderate", "unhealthy", "unknown"]);
export type CampaignHealth = z.infer<typeof campaignHealthSchema>;

export const postStatuses = [
  "evaluating",
  "eligible",
  "eligible-bonus",
  "not-eligible",
  "expired",
  "expired-bonus",
  "claimed",
  "rewarded",
  "not-rewarded",
  "paid",
  "paid-bonus",
  "deleted",
] as const;
export const postStatusSchema = z.enum(postStatuses);
export type PostStatus = z.infer<typeof postStatusSchema>;

export const userRoleSchema = z.enum(["creator", "advertiser", "admin"]);
export type UserRole = z.infer<typeof userRoleSchema>;

export const campaignVisibilitySchema = z.enum(["public", "invite-only"]);
