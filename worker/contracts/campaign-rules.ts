import { z } from "zod/mini";

/** The rules every post of a campaign is checked against at maturity (PRODUCT.md "Campaigns"). */
export const campaignRulesSchema = z.object({
  requiredMentions: z._default(z.array(z.string().check(z.regex(/^@?\w{1,15}$/))), []),
  requiredHashtags: z._default(z.array(z.string().check(z.regex(/^#?\w{1,100}$/))), []),
  requiredLink: z._default(z.nullable(z.url()), null),
  minImpressions: z._default(z.number().check(z.int(), z.nonnegative()), 0),
  maxPostsPerWeek: z._default(z.number().check(z.int(), z.positive()), 3),
});
export type CampaignRules = z.infer<typeof campaignRulesSchema>;

/** Integer weight of each engagement kind in a post's score. */
export const scoreWeightsSchema = z.object({
  impressions: z.number().check(z.int(), z.nonnegative()),
  likes: z.number().check(z.int(), z.nonnegative()),
  reposts: z.number().check(z.int(), z.nonnegative()),
  replies: z.number().check(z.int(), z.nonnegative()),
  quotes: z.number().check(z.int(), z.nonnegative()),
  bookmarks: z.number().check(z.int(), z.nonnegative()),
});
export type ScoreWeights = z.infer<typeof scoreWeightsSchema>;

/** The engagement counts a post is scored on: one count per weighted kind. */
export type PostMetrics = Record<keyof ScoreWeights, number>;

export const defaultCampaignRules: CampaignRules = {
  requiredMentions: [],
  requiredHashtags: [],
  requiredLink: null,
  minImpressions: 0,
  maxPostsPerWeek: 3,
};

export const defaultScoreWeights: ScoreWeights = { impressions: 1, likes: 20, reposts: 50, replies: 30, quotes: 50, bookmarks: 20 };

/** Why a post has its status: a machine code and a sentence for the creator. */
export const statusReasonSchema = z.object({ code: z.string(), message: z.string() });
export type StatusReason = z.infer<typeof statusReasonSchema>;
