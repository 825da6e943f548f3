import { z } from "zod/mini";
import { humanText, personTextChecks } from "./text.ts";
import { advertiserAccountSchema } from "./advertisers.ts";
import { campaignCategories, campaignCategorySchema } from "./campaign-categories.ts";
import { campaignRulesSchema, defaultCampaignRules, defaultScoreWeights, scoreWeightsSchema } from "./campaign-rules.ts";
import { DEFAULT_DISCLOSURE, disclosureSchema } from "./disclosure.ts";
import { campaignNetworksSchema } from "./campaign-networks.ts";
import { networkSchema } from "./networks/rules.ts";
import type { Leaderboards } from "./leaderboards.ts";
import type { PaidApi } from "./networks/api-costs.ts";
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
  .check(z.int("must be a whole number of the smallest unit"), z.nonnegative("cannot be negative"));
const timeSchema = z.number({ error: "must be a time" }).check(z.int("must be a time in milliseconds"), z.positive("must be a time"));

export const suggestionInputSchema = z.object({
  id: z.optional(z.string().check(z.maxLength(64))),
  text: z.string().check(...personTextChecks("multiline", MAX_SUGGESTION_LENGTH, "is empty")),
});

/** What the console's form sends, to create a draft and to save it again (the whole campaign each time). */
export const campaignInputSchema = z.object({
  title: z.string().check(...personTextChecks("name", 120, "is required")),
  description: z._default(
    z
      .string()
      .check(
        z.maxLength(MAX_DESCRIPTION_LENGTH, `must be at most ${MAX_DESCRIPTION_LENGTH} characters`),
        z.superRefine(humanText("multiline")),
      ),
    "",
  ),
  startsAt: timeSchema,
  endsAt: timeSchema,
  rewardCurrency: z.enum(rewardCurrencies, { error: `must be one of ${rewardCurrencies.join(", ")}` }),
  weeklyPool: amountSchema,
  bonusPool: amountSchema,
  creatorCapBps: z.number().check(z.int(), z.gte(1, "must be at least 1 basis point"), z.lte(10_000, "must be at most 10000 (100 %)")),
  rules: z._default(campaignRulesSchema, defaultCampaignRules),
  scoreWeights: z._default(scoreWeightsSchema, defaultScoreWeights),
  suggestions: z._default(z.array(suggestionInputSchema).check(z.maxLength(MAX_SUGGESTIONS, `at most ${MAX_SUGGESTIONS} suggestions`)), []),
  visibility: z._default(campaignVisibilitySchema, "public"),
  /** What the campaign advertises: a network may exclude it (X's paid-partnership label excludes ten categories). */
  category: z.enum(campaignCategories, { error: `must be one of ${campaignCategories.join(", ")}` }),
  /** What every post opens with (docs/decisions/041-disclosure.md). */
  disclosure: z._default(disclosureSchema, DEFAULT_DISCLOSURE),
  /** Where its posts go: X, Bluesky or both (docs/decisions/044-campaign-networks.md); X when not said. */
  networks: z._default(campaignNetworksSchema, ["x"]),
});
export type CampaignInput = z.input<typeof campaignInputSchema>;
export type ParsedCampaignInput = z.infer<typeof campaignInputSchema>;

/** A campaign in the account's list. */
/**
 * Why a published campaign whose start has come is still inactive (docs/decisions/032-spec-server-items.md
 * section 3): its pools were not funded. Creators do not see it among the campaigns starting soon and cannot join it.
 */
export const campaignNotStartedReasonSchema = z.enum(["not-funded"]);
export type CampaignNotStartedReason = z.infer<typeof campaignNotStartedReasonSchema>;

/** How the console says it. */
export const notStartedReasonLabels: Record<CampaignNotStartedReason, string> = { "not-funded": "Not started: not funded" };

export const consoleCampaignSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: campaignStatusSchema,
  draft: z.boolean(),
  publishedAt: z.nullable(z.number()),
  visibility: campaignVisibilitySchema,
  health: campaignHealthSchema,
  startsAt: z.number(),
  endsAt: z.number(),
  rewardCurrency: z.string(),
  /** funded − remaining of the campaign's ledger pools. */
  spent: z.number().check(z.int()),
  funded: z.number().check(z.int()),
  /** Until the end; 0 once ended. */
  timeLeftMs: z.number().check(z.int()),
  participantCount: z.number().check(z.int()),
  /** Null unless the campaign should have started and has not. */
  notStartedReason: z.nullable(campaignNotStartedReasonSchema),
});
export type ConsoleCampaignSummary = z.infer<typeof consoleCampaignSummarySchema>;

export const consoleCampaignListSchema = z.object({ campaigns: z.array(consoleCampaignSummarySchema), now: z.number() });
export type ConsoleCampaignList = z.infer<typeof consoleCampaignListSchema>;

/** One campaign with everything the form edits. */
export const consoleCampaignSchema = z.extend(consoleCampaignSummarySchema, {
  description: z.string(),
  imageUrl: z.nullable(z.string()),
  weeklyPool: z.number().check(z.int()),
  bonusPool: z.number().check(z.int()),
  creatorCapBps: z.number().check(z.int()),
  rules: campaignRulesSchema,
  scoreWeights: scoreWeightsSchema,
  suggestions: z.array(z.object({ id: z.string(), text: z.string() })),
  category: campaignCategorySchema,
  disclosure: z.string(),
  networks: z.array(networkSchema),
  previewToken: z.string(),
  fundedAt: z.nullable(z.number()),
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
  /** The campaign's leaderboards with every creator's name (docs/decisions/046-leaderboards.md); null for a new one. */
  leaderboards: Leaderboards | null;
  currencies: string[];
  /** The paid network's API and rates, for the form's cost estimate (docs/decisions/041-disclosure.md). */
  paidApi: PaidApi;
  now: number;
};
