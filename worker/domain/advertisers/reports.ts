import type { Capabilities } from "../../capabilities.ts";
import { DAY } from "../../clock.ts";
import { AppError, notFound } from "../../contracts/errors.ts";
import {
  MAX_REPORT_DAYS,
  type Report,
  type ReportCounts,
  type ReportDay,
  type ReportQuery,
  type ReportTotals,
} from "../../contracts/reports.ts";
import { findAdvertiser } from "../../db/advertisers.ts";
import {
  findReportCampaign,
  reportConversionDays,
  reportPostDays,
  reportSpendDays,
  reportTopCreators,
  type ReportCampaign,
  type ReportScope,
} from "../../db/reports.ts";
import { advertiserNotFound, requireMembership } from "./membership.ts";

/**
 * Reports for the members of an advertiser account (docs/decisions/021-advertiser-reports.md): daily numbers over a
 * date range of UTC days, for the account or one of its campaigns, and the same numbers as CSV.
 */

/** How many days the account report covers when no range is asked for. */
export const DEFAULT_ACCOUNT_DAYS = 30;

const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const startOfDay = (ms: number) => Math.floor(ms / DAY) * DAY;

function parseDay(text: string, field: "from" | "to"): number {
  const ms = Date.parse(`${text}T00:00:00Z`);
  if (Number.isNaN(ms) || dateOf(ms) !== text) {
    throw new AppError(400, "invalid_request", `${field}: not a date`, [{ loc: ["query", field], msg: "not a date" }]);
  }
  return ms;
}

/** The range asked for, else the campaign's dates (up to today), else the last 30 days; both ends inclusive. */
export function resolveRange(query: ReportQuery, now: number, campaign: Pick<ReportCampaign, "startsAt" | "endsAt"> | null) {
  const today = startOfDay(now);
  const defaultTo = campaign === null ? today : Math.max(startOfDay(campaign.startsAt), Math.min(today, startOfDay(campaign.endsAt)));
  const to = query.to === undefined ? defaultTo : parseDay(query.to, "to");
  const defaultFrom =
    campaign === null
      ? to - (DEFAULT_ACCOUNT_DAYS - 1) * DAY
      : Math.min(to, Math.max(startOfDay(campaign.startsAt), to - (MAX_REPORT_DAYS - 1) * DAY));
  const from = query.from === undefined ? defaultFrom : parseDay(query.from, "from");
  if (from > to) throw new AppError(400, "invalid_request", "from: must not be after to", [{ loc: ["query", "from"], msg: "after to" }]);
  if ((to - from) / DAY + 1 > MAX_REPORT_DAYS) {
    throw new AppError(400, "invalid_request", `A report covers at most ${MAX_REPORT_DAYS} days.`, [
      { loc: ["query", "from"], msg: `more than ${MAX_REPORT_DAYS} days before to` },
    ]);
  }
  return { from, to };
}

function perThousand(conversions: number, impressions: number): number | null {
  return impressions === 0 ? null : Math.round((conversions * 1000 * 100) / impressions) / 100;
}

function emptyCounts(campaignReport: boolean): ReportCounts {
  return {
    posts: 0,
    impressions: 0,
    engagement: 0,
    maturedPosts: 0,
    eligiblePosts: 0,
    spend: {},
    matchedConversions: 0,
    unmatchedConversions: campaignReport ? null : 0,
    conversionsPerThousand: null,
  };
}

async function buildReport(
  caps: Pick<Capabilities, "db">,
  advertiser: { id: string; name: string },
  campaign: ReportCampaign | null,
  range: { from: number; to: number },
): Promise<Report> {
  const scope: ReportScope = { advertiserId: advertiser.id, campaignId: campaign?.id ?? null, from: range.from, to: range.to + DAY };
  const [postDays, spendDays, conversionDays, topCreators] = await Promise.all([
    reportPostDays(caps.db, scope),
    reportSpendDays(caps.db, scope),
    reportConversionDays(caps.db, scope),
    reportTopCreators(caps.db, scope),
  ]);
  const campaignReport = campaign !== null;
  const days = new Map<string, ReportDay>();
  for (let at = range.from; at <= range.to; at += DAY) days.set(dateOf(at), { date: dateOf(at), ...emptyCounts(campaignReport) });
  for (const row of postDays) {
    const entry = days.get(row.date);
    if (entry !== undefined) Object.assign(entry, row);
  }
  for (const row of spendDays) {
    const entry = days.get(row.date);
    if (entry !== undefined) entry.spend[row.currency] = (entry.spend[row.currency] ?? 0) + row.amount;
  }
  for (const row of conversionDays) {
    const entry = days.get(row.date);
    if (entry === undefined) continue;
    entry.matchedConversions = row.matched;
    if (!campaignReport) entry.unmatchedConversions = row.unmatched;
  }
  const totals: ReportTotals = { ...emptyCounts(campaignReport), eligibleShare: null };
  for (const entry of days.values()) {
    entry.conversionsPerThousand = perThousand(entry.matchedConversions, entry.impressions);
    totals.posts += entry.posts;
    totals.impressions += entry.impressions;
    totals.engagement += entry.engagement;
    totals.maturedPosts += entry.maturedPosts;
    totals.eligiblePosts += entry.eligiblePosts;
    totals.matchedConversions += entry.matchedConversions;
    if (totals.unmatchedConversions !== null) totals.unmatchedConversions += entry.unmatchedConversions ?? 0;
    for (const [currency, amount] of Object.entries(entry.spend)) totals.spend[currency] = (totals.spend[currency] ?? 0) + amount;
  }
  totals.conversionsPerThousand = perThousand(totals.matchedConversions, totals.impressions);
  totals.eligibleShare = totals.maturedPosts === 0 ? null : totals.eligiblePosts / totals.maturedPosts;
  const currencies = [...new Set([...(campaign === null ? [] : [campaign.rewardCurrency]), ...Object.keys(totals.spend)])].sort();
  return {
    advertiser,
    campaign:
      campaign === null
        ? null
        : {
            id: campaign.id,
            title: campaign.title,
            status: campaign.status,
            rewardCurrency: campaign.rewardCurrency,
            startsAt: new Date(campaign.startsAt).toISOString(),
            endsAt: new Date(campaign.endsAt).toISOString(),
          },
    range: { from: dateOf(range.from), to: dateOf(range.to) },
    currencies,
    days: [...days.values()],
    totals,
    topCreators,
  };
}

async function memberAccount(caps: Pick<Capabilities, "db">, userId: string, advertiserId: string) {
  await requireMembership(caps, userId, advertiserId);
  const account = await findAdvertiser(caps.db, advertiserId);
  if (account === null) throw advertiserNotFound();
  return { id: account.id, name: account.name };
}

/** `GET /v1/advertiser/{advertiserId}/reports`: the whole account, for its members (404 for anyone else). */
export async function accountReport(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  query: ReportQuery,
): Promise<Report> {
  const advertiser = await memberAccount(caps, userId, advertiserId);
  return buildReport(caps, advertiser, null, resolveRange(query, caps.clock.now(), null));
}

/** `GET /v1/advertiser/{advertiserId}/campaigns/{campaignId}/report`: one of the account's campaigns. */
export async function campaignReport(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  query: ReportQuery,
): Promise<Report> {
  const advertiser = await memberAccount(caps, userId, advertiserId);
  const campaign = await findReportCampaign(caps.db, advertiserId, campaignId);
  if (campaign === null) throw notFound("This account has no campaign with this id.");
  return buildReport(caps, advertiser, campaign, resolveRange(query, caps.clock.now(), campaign));
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled), as RFC 4180 says. */
function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The report's daily numbers as CSV: a header row, then one row per day (CRLF line ends). */
export function reportCsv(report: Report): string {
  const header = [
    "date",
    "posts",
    "impressions",
    "engagement",
    "matured_posts",
    "eligible_posts",
    ...report.currencies.map((currency) => `spend_${currency}`),
    "matched_conversions",
    ...(report.campaign === null ? ["unmatched_conversions"] : []),
    "conversions_per_1000_impressions",
  ];
  const rows = report.days.map((entry) => [
    entry.date,
    entry.posts,
    entry.impressions,
    entry.engagement,
    entry.maturedPosts,
    entry.eligiblePosts,
    ...report.currencies.map((currency) => entry.spend[currency] ?? 0),
    entry.matchedConversions,
    ...(report.campaign === null ? [entry.unmatchedConversions] : []),
    entry.conversionsPerThousand,
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The download's file name, e.g. `chorus-report-aurora-2026-10-25-2026-11-23.csv`. */
export function reportFileName(report: Report): string {
  const subject = (report.campaign?.id ?? report.advertiser.id).replace(/[^A-Za-z0-9_-]+/g, "-");
  return `chorus-report-${subject}-${report.range.from}-${report.range.to}.csv`;
}
