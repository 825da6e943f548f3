import { z } from "zod";
import { humanText } from "./text.ts";
import { advertiserAccountSchema } from "./advertisers.ts";
import { campaignRulesSchema, defaultCampaignRules, defaultScoreWeights, scoreWeightsSchema } from "./campaign-rules.ts";
import { currencyDecimals } from "./currencies.ts";
import { campaignHealthSchema, campaignStatusSchema, campaignVisibilitySchema } from "./vocabulary.ts";

/**
 * Campaigns in the advertiser console (docs/decisions/019-advertiser-console.md): `/v1/advertiser/{id}/campaigns…`.
 * Times are UTC milliseconds; amounts are integers in the currency's smallest unit.
 */

export const rewardCurrencies = Object.keys(currencyDecimals) as [string, ...string[]];

export const MAX_SUGGESTIONS = 20;
export const MAX_SUGGESTION_LENGTH = 280;
export const MAX_DESCRIPTION_LENGTH = 5000;

const amountSchema = z
  .number({ error: "must be a number" })
  .int("must be a whole number of the smallest unit")
  .nonnegative("cannot be negative");
const timeSchema = z.number({ error: "must be a time" }).int("must be a time in milliseconds").positive("must be a time");

export const suggestionInputSchema = z.object({
  id: z.string().max(64).optional(),
  text: z
    .string()
    .trim()
    .min(1, "is empty")
    .max(MAX_SUGGESTION_LENGTH, `must be at most ${MAX_SUGGESTION_LENGTH} characters`)
    .superRefine(humanText("multiline")),
});

/** What the console's form sends, to create a draft and to save it again (the whole campaign each time). */
export const campaignInputSchema = z.object({
  title: z.string().trim().min(1, "is required").max(120, "must be at most 120 characters").superRefine(humanText("name")),
  description: z
    .string()
    .max(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`)
    .superRefine(humanText("multiline"))
    .default(""),
  startsAt: timeSchema,
  endsAt: timeSchema,
  rewardCurrency: z.enum(rewardCurrencies, { error: `must be one of ${rewardCurrencies.join(", ")}` }),
  weeklyPool: amountSchema,
  bonusPool: amountSchema,
  creatorCapBps: z.number().int().min(1, "must be at least 1 basis point").max(10_000, "must be at most 10000 (100 %)"),
  rules: campaignRulesSchema.default(defaultCampaignRules),
  scoreWeights: scoreWeightsSchema.default(defaultScoreWeights),
  suggestions: z.array(suggestionInputSchema).max(MAX_SUGGESTIONS, `at most ${MAX_SUGGESTIONS} suggestions`).default([]),
  visibility: campaignVisibilitySchema.default("public"),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type ParsedCampaignInput = z.infer<typeof campaignInputSchema>;

/** A campaign in the account's list. */
export const consoleCampaignSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: campaignStatusSchema,
  draft: z.boolean(),
  publishedAt: z.number().nullable(),
  visibility: campaignVisibilitySchema,
  health: campaignHealthSchema,
  startsAt: z.number(),
  endsAt: z.number(),
  rewardCurrency: z.string(),
  /** funded − remaining of the campaign's ledger pools. */
  spent: z.number().int(),
  funded: z.number().int(),
  /** Until the end; 0 once ended. */
  timeLeftMs: z.number().int(),
  participantCount: z.number().int(),
});
export type ConsoleCampaignSummary = z.infer<typeof consoleCampaignSummarySchema>;

export const consoleCampaignListSchema = z.object({ campaigns: z.array(consoleCampaignSummarySchema), now: z.number() });
export type ConsoleCampaignList = z.infer<typeof consoleCampaignListSchema>;

/** One campaign with everything the form edits. */
export const consoleCampaignSchema = consoleCampaignSummarySchema.extend({
  description: z.string(),
  imageUrl: z.string().nullable(),
  weeklyPool: z.number().int(),
  bonusPool: z.number().int(),
  creatorCapBps: z.number().int(),
  rules: campaignRulesSchema,
  scoreWeights: scoreWeightsSchema,
  suggestions: z.array(z.object({ id: z.string(), text: z.string() })),
  previewToken: z.string(),
  fundedAt: z.number().nullable(),
});
export type ConsoleCampaign = z.infer<typeof consoleCampaignSchema>;

export const previewTokenSchema = z.object({ previewToken: z.string() });

/** `/advertiser/{id}/campaigns`. */
export const advertiserCampaignsPageSchema = z.object({
  account: advertiserAccountSchema,
  campaigns: z.array(consoleCampaignSummarySchema),
  now: z.number(),
});
export type AdvertiserCampaignsPage = z.infer<typeof advertiserCampaignsPageSchema>;

/** `/advertiser/{id}/campaigns/new` (campaign null) and `/advertiser/{id}/campaigns/{campaignId}`. */
export type AdvertiserCampaignPage = {
  account: z.infer<typeof advertiserAccountSchema>;
  campaign: ConsoleCampaign | null;
  currencies: string[];
  now: number;
};
