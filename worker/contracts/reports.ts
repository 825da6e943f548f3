import { z } from "zod/mini";
import { funnelRowSchema } from "./funnel.ts";
import { networkSchema } from "./networks/rules.ts";
import { apiCostIncurredSchema } from "./networks/api-costs.ts";

/**
 * Advertiser reports (docs/decisions/021-advertiser-reports.md): per account or per campaign, one row per UTC day of a
 * date range, the totals over it and the creators who did best. Amounts are integers in the currency's smallest unit.
 */

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional and inclusive (UTC days). */
export const reportQuerySchema = z.object({
  from: z.optional(z.string().check(z.regex(isoDay, "must be a date as YYYY-MM-DD"))),
  to: z.optional(z.string().check(z.regex(isoDay, "must be a date as YYYY-MM-DD"))),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;

const countsSchema = z.object({
  posts: z.number().check(z.int()),
  impressions: z.number().check(z.int()),
  /** Likes + reposts + replies + quotes + bookmarks. */
  engagement: z.number().check(z.int()),
  /** Posts that have matured, and those of them eligible (eligible, bonus, claimed, rewarded or paid). */
  maturedPosts: z.number().check(z.int()),
  eligiblePosts: z.number().check(z.int()),
  /** Rewards paid out of the campaigns' pools, per currency. */
  spend: z.record(z.string(), z.number().check(z.int())),
  /** Conversions matched (campaign report: attributed to the campaign; account report: to a verified wallet). */
  matchedConversions: z.number().check(z.int()),
  /** Only in the account report (null in a campaign's: an unmatched event belongs to no campaign). */
  unmatchedConversions: z.nullable(z.number().check(z.int())),
  /** Matched conversions per 1,000 impressions, two decimals; null without impressions. */
  conversionsPerThousand: z.nullable(z.number()),
});
export type ReportCounts = z.infer<typeof countsSchema>;

/**
 * What the posts on one network brought (docs/decisions/049-reports-by-network.md), by the day they were posted:
 * spend and conversions belong to a campaign, not to a post, so they have no network; `rewards` is what the network's
 * posts earned their creators (their shares of the pools, once the creator has them), per currency.
 */
export const networkFiguresSchema = z.object({
  network: networkSchema,
  /** The network's name as people write it ("X", "Bluesky"). */
  name: z.string(),
  posts: z.number().check(z.int()),
  impressions: z.number().check(z.int()),
  engagement: z.number().check(z.int()),
  maturedPosts: z.number().check(z.int()),
  eligiblePosts: z.number().check(z.int()),
  rewards: z.record(z.string(), z.number().check(z.int())),
});
export type NetworkFigures = z.infer<typeof networkFiguresSchema>;

export const networkTotalsSchema = z.extend(networkFiguresSchema, {
  /** eligiblePosts / maturedPosts; null when none has matured. */
  eligibleShare: z.nullable(z.number()),
  /** Whether the network publishes view counts (Bluesky does not: its impressions are not zero views but unknown). */
  reportsImpressions: z.boolean(),
});
export type NetworkTotals = z.infer<typeof networkTotalsSchema>;

export const reportDaySchema = z.extend(countsSchema, {
  date: z.string().check(z.regex(isoDay)),
  /** The day's figures per network of the report's `networks`, in their order (zeros included). */
  networks: z.array(networkFiguresSchema),
});
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportTotalsSchema = z.extend(countsSchema, {
  /** eligiblePosts / maturedPosts; null when none has matured. */
  eligibleShare: z.nullable(z.number()),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const topCreatorSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  name: z.string(),
  avatarUrl: z.nullable(z.string()),
  posts: z.number().check(z.int()),
  score: z.number().check(z.int()),
  impressions: z.number().check(z.int()),
  /** Conversions this creator brought: by people they invited, else from their own verified wallet. */
  conversions: z.number().check(z.int()),
});
export type TopCreator = z.infer<typeof topCreatorSchema>;

export const reportSchema = z.object({
  advertiser: z.object({ id: z.string(), name: z.string() }),
  campaign: z.nullable(
    z.object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      rewardCurrency: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    }),
  ),
  range: z.object({ from: z.string().check(z.regex(isoDay)), to: z.string().check(z.regex(isoDay)) }),
  /** Every currency spent in the range, sorted (one CSV column each). */
  currencies: z.array(z.string()),
  days: z.array(reportDaySchema),
  totals: reportTotalsSchema,
  topCreators: z.array(topCreatorSchema),
  /**
   * The networks the scope's campaigns run on (and any other its posts in the range are on), X first, with their
   * figures over the range. One network: every post is on it, and the page shows no split.
   */
  networks: z.array(networkTotalsSchema),
  /**
   * A campaign report: what the campaign has cost in calls to the paid network's API (X's) since it began (whatever
   * the range), at the configured rates (docs/decisions/046-leaderboards.md); null for the account report.
   */
  apiCost: z.nullable(apiCostIncurredSchema),
});
export type Report = z.infer<typeof reportSchema>;

/**
 * The server-rendered report pages: the report, the account's campaigns (links to their own reports), and the
 * landing → sign-in → join funnel of the account or the campaign (all time: it does not follow the range).
 */
export const reportPageSchema = z.object({
  report: reportSchema,
  campaigns: z.array(z.object({ id: z.string(), title: z.string(), status: z.string() })),
  funnel: z.array(funnelRowSchema),
});
export type ReportPage = z.infer<typeof reportPageSchema>;
