import { z } from "zod";

/** The rules every post of a campaign is checked against at maturity (PRODUCT.md "Campaigns"). */
export const campaignRulesSchema = z.object({
  requiredMentions: z.array(z.string().regex(/^@?\w{1,15}$/)).default([]),
  requiredHashtags: z.array(z.string().regex(/^#?\w{1,100}$/)).default([]),
  requiredLink: z.url().nullable().default(null),
  minImpressions: z.number().int().nonnegative().default(0),
  maxPostsPerWeek: z.number().int().positive().default(3),
});
export type CampaignRules = z.infer<typeof campaignRulesSchema>;

/** Integer weight of each engagement kind in a post's score. */
export const scoreWeightsSchema = z.object({
  impressions: z.number().int().nonnegative(),
  likes: z.number().int().nonnegative(),
  reposts: z.number().int().nonnegative(),
  replies: z.number().int().nonnegative(),
  quotes: z.number().int().nonnegative(),
  bookmarks: z.number().int().nonnegative(),
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
