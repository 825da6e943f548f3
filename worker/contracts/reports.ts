import { z } from "zod";
import { funnelRowSchema } from "./analytics.ts";

/**
 * Advertiser reports (docs/decisions/021-advertiser-reports.md): per account or per campaign, one row per UTC day of a
 * date range, the totals over it and the creators who did best. Amounts are integers in the currency's smallest unit.
 */

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** `?from=YYYY-MM-DD&to=YYYY-MM-DD`, both optional and inclusive (UTC days). */
export const reportQuerySchema = z.object({
  from: z.string().regex(isoDay, "must be a date as YYYY-MM-DD").optional(),
  to: z.string().regex(isoDay, "must be a date as YYYY-MM-DD").optional(),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

/** The longest range one report covers. */
export const MAX_REPORT_DAYS = 366;

const countsSchema = z.object({
  posts: z.number().int(),
  impressions: z.number().int(),
  /** Likes + reposts + replies + quotes + bookmarks. */
  engagement: z.number().int(),
  /** Posts that have matured, and those of them eligible (eligible, bonus, claimed, rewarded or paid). */
  maturedPosts: z.number().int(),
  eligiblePosts: z.number().int(),
  /** Rewards paid out of the campaigns' pools, per currency. */
  spend: z.record(z.string(), z.number().int()),
  /** Conversions matched (campaign report: attributed to the campaign; account report: to a verified wallet). */
  matchedConversions: z.number().int(),
  /** Only in the account report (null in a campaign's: an unmatched event belongs to no campaign). */
  unmatchedConversions: z.number().int().nullable(),
  /** Matched conversions per 1,000 impressions, two decimals; null without impressions. */
  conversionsPerThousand: z.number().nullable(),
});
export type ReportCounts = z.infer<typeof countsSchema>;

export const reportDaySchema = countsSchema.extend({ date: z.string().regex(isoDay) });
export type ReportDay = z.infer<typeof reportDaySchema>;

export const reportTotalsSchema = countsSchema.extend({
  /** eligiblePosts / maturedPosts; null when none has matured. */
  eligibleShare: z.number().nullable(),
});
export type ReportTotals = z.infer<typeof reportTotalsSchema>;

export const topCreatorSchema = z.object({
  userId: z.string(),
  handle: z.string(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  posts: z.number().int(),
  score: z.number().int(),
  impressions: z.number().int(),
  /** Conversions this creator brought: by people they invited, else from their own verified wallet. */
  conversions: z.number().int(),
});
export type TopCreator = z.infer<typeof topCreatorSchema>;

export const reportSchema = z.object({
  advertiser: z.object({ id: z.string(), name: z.string() }),
  campaign: z
    .object({
      id: z.string(),
      title: z.string(),
      status: z.string(),
      rewardCurrency: z.string(),
      startsAt: z.string(),
      endsAt: z.string(),
    })
    .nullable(),
  range: z.object({ from: z.string().regex(isoDay), to: z.string().regex(isoDay) }),
  /** Every currency spent in the range, sorted (one CSV column each). */
  currencies: z.array(z.string()),
  days: z.array(reportDaySchema),
  totals: reportTotalsSchema,
  topCreators: z.array(topCreatorSchema),
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
