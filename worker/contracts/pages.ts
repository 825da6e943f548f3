import { z } from "zod/mini";
import { campaignRulesSchema, statusReasonSchema } from "./campaign-rules.ts";
import { leaderboardsSchema } from "./leaderboards.ts";
import { notificationSchema } from "./notifications.ts";
import { networkSchema, type Network } from "./networks/rules.ts";
import { campaignHealthSchema, campaignStatusSchema, campaignVisibilitySchema, postStatusSchema } from "./vocabulary.ts";

/*
 * The network ids written out rather than imported from ./networks/rules.ts: the campaign page is at its first-load
 * budget (docs/decisions/044-campaign-networks.md), and that import is a chunk of its own in the browser. The check
 * below fails to compile when the two lists differ.
 */
const postNetworks = ["x", "bluesky"] as const;
const samePostNetworks: [Network, (typeof postNetworks)[number]] extends [(typeof postNetworks)[number], Network] ? true : never = true;
void samePostNetworks;

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
  weeklyPool: z.number().check(z.int()),
  bonusPool: z.number().check(z.int()),
  rewardCurrency: z.string(),
  participantCount: z.number().check(z.int()),
  joined: z.boolean(),
  health: campaignHealthSchema,
  /** What the campaign's pools were funded with and what is left in them, from the ledger. */
  pool: z.object({ funded: z.number().check(z.int()), remaining: z.number().check(z.int()) }),
  /** The networks it runs on, X first, each with its name as people write it (docs/decisions/044-campaign-networks.md). */
  networks: z.array(z.object({ id: z.enum(postNetworks), name: z.string() })),
});
export type CampaignCard = z.infer<typeof campaignCardSchema>;

export const standingSchema = z.object({
  posts: z.number().check(z.int()),
  byStatus: z.partialRecord(postStatusSchema, z.number().check(z.int())),
  claimable: z.number().check(z.int()),
});
export type StandingView = z.infer<typeof standingSchema>;

export const postSummarySchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  content: z.string(),
  status: postStatusSchema,
  statusReasons: z.array(statusReasonSchema),
  campaignWeek: z.number().check(z.int()),
  postedAt: z.number(),
  /** The network the post is on, and its name as people write it (docs/decisions/044-campaign-networks.md). */
  network: z.enum(postNetworks),
  networkName: z.string(),
  networkPostId: z.nullable(z.string()),
});
export type PostSummary = z.infer<typeof postSummarySchema>;

export const balanceSchema = z.object({
  currency: z.string(),
  decimals: z.number().check(z.int()),
  available: z.number().check(z.int()),
  held: z.number().check(z.int()),
  earned: z.number().check(z.int()),
  /** Commissions within their validation window: not yet available (docs/decisions/045-commissions.md). */
  pending: z.number().check(z.int()),
});

export const dashboardPageSchema = z.object({
  now: z.number(),
  balances: z.array(balanceSchema),
  joinedCampaigns: z.array(z.extend(campaignCardSchema, { standing: standingSchema })),
  openCampaigns: z.array(campaignCardSchema),
  recentPosts: z.array(postSummarySchema),
  /** Unread "campaign-eligible" notifications, newest first: the creator has posts to claim in these campaigns. */
  payoutsToConfirm: z.array(notificationSchema),
});
export type DashboardPage = z.infer<typeof dashboardPageSchema>;

export const campaignPageSchema = z.object({
  now: z.number(),
  campaign: z.extend(campaignCardSchema, {
    description: z.string(),
    imageUrl: z.nullable(z.string()),
    rules: campaignRulesSchema,
    maturityHours: z.number().check(z.int()),
    creatorCapBps: z.number().check(z.int()),
  }),
  weeks: z.array(z.object({ number: z.number().check(z.int()), startsAt: z.number(), endsAt: z.number() })),
  currentWeek: z.nullable(z.number().check(z.int())),
  suggestions: z.array(z.object({ id: z.string(), text: z.string() })),
  standing: standingSchema,
  posts: z.array(postSummarySchema),
  /** The creator's referral link, once they joined (docs/decisions/043-referral-links.md). */
  referral: z.nullable(
    z.object({
      url: z.string(),
      clicks: z.number().check(z.int()),
      /** The host visitors land on; null while the advertiser has set no destination (the campaign's page then). */
      destinationHost: z.nullable(z.string()),
      attributionWindowDays: z.number().check(z.int()),
    }),
  ),
  /** The week's boards, as other creators see them (docs/decisions/046-leaderboards.md). */
  leaderboards: leaderboardsSchema,
});
export type CampaignPage = z.infer<typeof campaignPageSchema>;

export const profilePageSchema = z.object({
  /** The network of the creator's handle (`twitterHandle`): the one they signed up with. */
  handleNetwork: networkSchema,
  balances: z.array(balanceSchema),
  stats: z.object({
    campaignsJoined: z.number().check(z.int()),
    posts: z.number().check(z.int()),
    byStatus: z.partialRecord(postStatusSchema, z.number().check(z.int())),
  }),
  /**
   * The campaigns the creator posted in, the one posted in last first (at most 50); `posts` are that first campaign's
   * posts, and each campaign's page lists the creator's posts in it (docs/decisions/039-a-million-creators.md).
   */
  postedCampaigns: z.array(z.object({ campaignId: z.string(), title: z.string(), posts: z.number().check(z.int()) })),
  posts: z.array(postSummarySchema),
});
export type ProfilePage = z.infer<typeof profilePageSchema>;

export const invitationPageSchema = z.object({
  invitationId: z.string(),
  /** What sign-in carries as `invite_id` and the join sends: the public token (the id for invitations before 020). */
  invitationToken: z.string(),
  inviter: z.object({ kind: z.enum(["advertiser", "creator"]), name: z.string() }),
  campaign: z.extend(campaignCardSchema, { description: z.string() }),
  /** True when the invitation can no longer be used, for whatever reason (`state` says which). */
  expired: z.boolean(),
  state: z.enum(["ok", "expired", "revoked", "used-up", "campaign-closed"]),
  /** Set when only this handle on this network may use the invitation. */
  inviteeHandle: z.nullable(z.string()),
  inviteeNetwork: z.nullable(networkSchema),
});
export type InvitationPage = z.infer<typeof invitationPageSchema>;

export const joinResultSchema = z.object({ campaignId: z.string(), joined: z.literal(true), alreadyJoined: z.boolean() });
export type JoinResult = z.infer<typeof joinResultSchema>;
/** `invitationToken`: the public token of the invitation link; `invitationId`: the id of an invitation made before 020. */
export const joinBodySchema = z._default(
  z.object({
    invitationToken: z.optional(z.string().check(z.maxLength(200))),
    invitationId: z.optional(z.string().check(z.maxLength(200))),
  }),
  {},
);

/** `POST /v1/action/payout/confirm/{campaignId}`: the eligible posts of the campaign it claimed for the creator. */
export const payoutConfirmationSchema = z.object({ campaignId: z.string(), claimed: z.number(), postIds: z.array(z.string()) });
export type PayoutConfirmationAnswer = z.infer<typeof payoutConfirmationSchema>;

/** An advertiser as its public landing page shows it. */
export const advertiserProfileSchema = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  websiteUrl: z.nullable(z.string()),
});
export type AdvertiserProfile = z.infer<typeof advertiserProfileSchema>;

export const landingPageSchema = z.object({
  advertiser: advertiserProfileSchema,
  campaigns: z.array(campaignCardSchema),
  now: z.number(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

/** `/campaign-preview/{token}`: the campaign as creators will see it. */
export const campaignPreviewPageSchema = z.object({ campaign: z.extend(campaignCardSchema, { description: z.string() }) });
export type CampaignPreviewPage = z.infer<typeof campaignPreviewPageSchema>;
