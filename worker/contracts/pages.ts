import { z } from "zod";
import { campaignRulesSchema, statusReasonSchema } from "./campaign-rules.ts";
import { campaignHealthSchema, campaignStatusSchema, campaignVisibilitySchema, postStatusSchema } from "./vocabulary.ts";

/** What the page endpoints (`GET /v1/page/…`) answer and the server-rendered pages show: one shape for both. */
export const campaignCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  advertiserId: z.string(),
  advertiserName: z.string(),
  advertiserSlug: z.string(),
  status: campaignStatusSchema,
  visibility: campaignVisibilitySchema,
  startsAt: z.number(),
  endsAt: z.number(),
  weeklyPool: z.number().int(),
  bonusPool: z.number().int(),
  rewardCurrency: z.string(),
  participantCount: z.number().int(),
  joined: z.boolean(),
  health: campaignHealthSchema,
  /** What the campaign's pools were funded with and what is left in them, from the ledger. */
  pool: z.object({ funded: z.number().int(), remaining: z.number().int() }),
});
export type CampaignCard = z.infer<typeof campaignCardSchema>;

export const standingSchema = z.object({
  posts: z.number().int(),
  byStatus: z.partialRecord(postStatusSchema, z.number().int()),
  claimable: z.number().int(),
});
export type StandingView = z.infer<typeof standingSchema>;

export const postSummarySchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  content: z.string(),
  status: postStatusSchema,
  statusReasons: z.array(statusReasonSchema),
  campaignWeek: z.number().int(),
  postedAt: z.number(),
  xPostId: z.string().nullable(),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const balanceSchema = z.object({
  currency: z.string(),
  decimals: z.number().int(),
  available: z.number().int(),
  held: z.number().int(),
  earned: z.number().int(),
});

export const dashboardPageSchema = z.object({
  now: z.number(),
  balances: z.array(balanceSchema),
  joinedCampaigns: z.array(campaignCardSchema.extend({ standing: standingSchema })),
  openCampaigns: z.array(campaignCardSchema),
  recentPosts: z.array(postSummarySchema),
});
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

export const campaignPageSchema = z.object({
  now: z.number(),
  campaign: campaignCardSchema.extend({
    description: z.string(),
    imageUrl: z.string().nullable(),
    rules: campaignRulesSchema,
    maturityHours: z.number().int(),
    creatorCapBps: z.number().int(),
  }),
  weeks: z.array(z.object({ number: z.number().int(), startsAt: z.number(), endsAt: z.number() })),
  currentWeek: z.number().int().nullable(),
  suggestions: z.array(z.object({ id: z.string(), text: z.string() })),
  standing: standingSchema,
  posts: z.array(postSummarySchema),
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const profilePageSchema = z.object({
  balances: z.array(balanceSchema),
  stats: z.object({
    campaignsJoined: z.number().int(),
    posts: z.number().int(),
    byStatus: z.partialRecord(postStatusSchema, z.number().int()),
  }),
  posts: z.array(postSummarySchema),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;

export const invitationPageSchema = z.object({
  invitationId: z.string(),
  /** What sign-in carries as `invite_id` and the join sends: the public token (the id for invitations before 020). */
  invitationToken: z.string(),
  inviter: z.object({ kind: z.enum(["advertiser", "creator"]), name: z.string() }),
  campaign: campaignCardSchema.extend({ description: z.string() }),
  /** True when the invitation can no longer be used, for whatever reason (`state` says which). */
  expired: z.boolean(),
  state: z.enum(["ok", "expired", "revoked", "used-up", "campaign-closed"]),
  /** Set when only this X handle may use the invitation. */
  xHandle: z.string().nullable(),
});
export type InvitationPage = z.infer<typeof invitationPageSchema>;

export const joinResultSchema = z.object({ campaignId: z.string(), joined: z.literal(true), alreadyJoined: z.boolean() });
/** `invitationToken`: the public token of the invitation link; `invitationId`: the id of an invitation made before 020. */
export const joinBodySchema = z
  .object({ invitationToken: z.string().max(200).optional(), invitationId: z.string().max(200).optional() })
  .default({});

/** An advertiser as its public landing page shows it. */
export const advertiserProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  websiteUrl: z.string().nullable(),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfileSchema>;

export const landingPageSchema = z.object({
  advertiser: advertiserProfileSchema,
  campaigns: z.array(campaignCardSchema),
  now: z.number(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

/** `/campaign-preview/{token}`: the campaign as creators will see it. */
export const campaignPreviewPageSchema = z.object({ campaign: campaignCardSchema.extend({ description: z.string() }) });
export type CampaignPreviewPage = z.infer<typeof campaignPreviewPageSchema>;
