import type { Capabilities } from "../../capabilities.ts";
import { DAY } from "../../clock.ts";
import { AppError, notFound } from "../../contracts/errors.ts";
import { inNetworkOrder, networkReports } from "../../contracts/campaign-networks.ts";
import { networkNames } from "../../contracts/networks/names.ts";
import type { Network } from "../../contracts/networks/rules.ts";
import {
  MAX_REPORT_DAYS,
  type NetworkFigures,
  type NetworkTotals,
  type Report,
  type ReportCounts,
  type ReportDay,
  type ReportQuery,
  type ReportTotals,
} from "../../contracts/reports.ts";
import { memberQuery } from "../../db/advertiser-members.ts";
import { advertiserQuery } from "../../db/advertisers.ts";
import { runBatch, type QueryValues } from "../../db/query.ts";
import {
  reportCampaignQuery,
  reportConversionDaysQuery,
  reportNetworkDaysQuery,
  reportPostDaysQuery,
  reportRangeQuery,
  reportScopeNetworksQuery,
  reportSpendDaysQuery,
  reportTopCreatorsQuery,
  reportApiUsageQuery,
  type ReportScope,
} from "../../db/reports.ts";
import { incurredApiCost, type PaidApi } from "../../contracts/networks/api-costs.ts";
import { advertiserNotFound } from "./membership.ts";
import type { Database } from "../../database.ts";

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

/** A report's first and last day (the start of each, epoch ms); null: a campaign report's default end. */
export type AskedRange = { from: number | null; to: number | null };

/**
 * The days asked for, as far as they are known without reading the campaign: an account report covers the last 30
 * days unless asked; a campaign report's missing end is its campaign's (the campaign's days up to today, at most
 * `MAX_REPORT_DAYS`), worked out by `reportRangeQuery` in the same round trip. A 400 for a day that is not one, or a
 * range known here that is not one.
 */
export function askedRange(query: ReportQuery, now: number, campaignReport: boolean): AskedRange {
  const to = query.to !== undefined ? parseDay(query.to, "to") : campaignReport ? null : startOfDay(now);
  const defaultFrom = to === null || campaignReport ? null : to - (DEFAULT_ACCOUNT_DAYS - 1) * DAY;
  const from = query.from !== undefined ? parseDay(query.from, "from") : defaultFrom;
  if (from !== null && to !== null) checkRange({ from, to });
  return { from, to };
}

function checkRange(range: { from: number; to: number }): void {
  if (range.from > range.to) {
    throw new AppError(400, "invalid_request", "from: must not be after to", [{ loc: ["query", "from"], msg: "after to" }]);
  }
  if ((range.to - range.from) / DAY + 1 > MAX_REPORT_DAYS) {
    throw new AppError(400, "invalid_request", `A report covers at most ${MAX_REPORT_DAYS} days.`, [
      { loc: ["query", "from"], msg: `more than ${MAX_REPORT_DAYS} days before to` },
    ]);
  }
}

function perThousand(conversions: number, impressions: number): number | null {
  return impressions === 0 ? null : Math.round((conversions * 1000 * 100) / impressions) / 100;
}

function emptyNetworkFigures(network: Network): NetworkFigures {
  return { network, name: networkNames[network], posts: 0, impressions: 0, engagement: 0, maturedPosts: 0, eligiblePosts: 0, rewards: {} };
}

function addNetworkFigures(
  into: NetworkFigures,
  from: Omit<NetworkFigures, "network" | "name" | "rewards">,
  rewards: Record<string, number>,
) {
  into.posts += from.posts;
  into.impressions += from.impressions;
  into.engagement += from.engagement;
  into.maturedPosts += from.maturedPosts;
  into.eligiblePosts += from.eligiblePosts;
  for (const [currency, amount] of Object.entries(rewards)) {
    if (amount !== 0) into.rewards[currency] = (into.rewards[currency] ?? 0) + amount;
  }
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

/**
 * What a report reads, in one batch (`reportFrom` makes the report of it): the member check, the account, the campaign
 * (none for an account report), the range and the numbers. What a non-member's read finds is dropped by `reportFrom`.
 */
export function reportQueries(
  db: Database,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
  asked: AskedRange,
  now: number,
) {
  const scope: ReportScope = { advertiserId, campaignId, ...asked, today: startOfDay(now), maxSpan: (MAX_REPORT_DAYS - 1) * DAY };
  return [
    memberQuery(db, advertiserId, userId),
    advertiserQuery(db, advertiserId),
    reportCampaignQuery(db, advertiserId, campaignId),
    reportRangeQuery(db, scope),
    reportPostDaysQuery(db, scope),
    reportSpendDaysQuery(db, scope),
    reportConversionDaysQuery(db, scope),
    reportTopCreatorsQuery(db, scope),
    reportApiUsageQuery(db, advertiserId, campaignId),
    reportScopeNetworksQuery(db, advertiserId, campaignId),
    reportNetworkDaysQuery(db, scope),
  ] as const;
}

export type ReportReads = QueryValues<ReturnType<typeof reportQueries>>;

/**
 * The report from its reads: the account's 404 for a non-member, a 404 for a campaign that is not the account's, a
 * 400 for a range that is not one. A campaign report prices the campaign's calls to the paid network's API at its rates (`paidApi`).
 */
export function reportFrom(reads: ReportReads, campaignId: string | null, paidApi: PaidApi): Report {
  const [member, account, campaign, range, postDays, spendDays, conversionDays, topCreators, apiUsage, scopeNetworks, networkDays] = reads;
  if (member === null || account === null) throw advertiserNotFound();
  if ((campaignId !== null && campaign === null) || range === null) throw notFound("This account has no campaign with this id.");
  checkRange(range);
  const advertiser = { id: account.id, name: account.name };
  const campaignReport = campaign !== null;
  const reportNetworks = inNetworkOrder([...scopeNetworks, ...networkDays.map((row) => row.network)]);
  const days = new Map<string, ReportDay>();
  for (let at = range.from; at <= range.to; at += DAY) {
    days.set(dateOf(at), { date: dateOf(at), ...emptyCounts(campaignReport), networks: reportNetworks.map(emptyNetworkFigures) });
  }
  const networkTotals = reportNetworks.map(emptyNetworkFigures);
  for (const row of networkDays) {
    const index = reportNetworks.indexOf(row.network);
    const onDay = days.get(row.date)?.networks[index];
    const overRange = networkTotals[index];
    if (onDay === undefined || overRange === undefined) continue;
    addNetworkFigures(onDay, row, { [row.currency]: row.rewards });
    addNetworkFigures(overRange, row, { [row.currency]: row.rewards });
  }
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
    networks: networkTotals.map((figures): NetworkTotals => ({
      ...figures,
      eligibleShare: figures.maturedPosts === 0 ? null : figures.eligiblePosts / figures.maturedPosts,
      reportsImpressions: networkReports(figures.network, "impressions"),
    })),
    apiCost: campaign === null || apiUsage === null ? null : incurredApiCost(paidApi, apiUsage),
  };
}

/** `GET /v1/advertiser/{advertiserId}/reports`: the whole account, for its members (404 for anyone else). */
export function accountReport(
  caps: Pick<Capabilities, "db" | "clock" | "config">,
  userId: string,
  advertiserId: string,
  query: ReportQuery,
): Promise<Report> {
  return readReport(caps, userId, advertiserId, null, query);
}

/** `GET /v1/advertiser/{advertiserId}/campaigns/{campaignId}/report`: one of the account's campaigns. */
export function campaignReport(
  caps: Pick<Capabilities, "db" | "clock" | "config">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  query: ReportQuery,
): Promise<Report> {
  return readReport(caps, userId, advertiserId, campaignId, query);
}

/** One round trip; a range that is not one is refused only after the access checks, as before it read anything. */
async function readReport(
  { db, clock, config }: Pick<Capabilities, "db" | "clock" | "config">,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
  query: ReportQuery,
): Promise<Report> {
  const now = clock.now();
  let asked: AskedRange;
  let refused: unknown = null;
  try {
    asked = askedRange(query, now, campaignId !== null);
  } catch (error) {
    refused = error;
    asked = askedRange({}, now, campaignId !== null);
  }
  const report = reportFrom(
    await runBatch(db, reportQueries(db, userId, advertiserId, campaignId, asked, now)),
    campaignId,
    config.paidApi,
  );
  if (refused !== null) throw refused;
  return report;
}

/** A CSV field: quoted when it holds a comma, a quote or a line break (quotes doubled), as RFC 4180 says. */
function csvField(value: string | number | null): string {
  const text = value === null ? "" : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The report's daily numbers as CSV: a header row, then the rows of each day (CRLF line ends). `network` says whose
 * the row's figures are: on a report of one network, that network, one row a day; on a report of several, `all` (the
 * day's totals, as the JSON's day) then one row per network with its posts' figures and the rewards they earned
 * (spend and conversions, which belong to no network, left empty).
 */
export function reportCsv(report: Report): string {
  const account = report.campaign === null;
  const rewardCurrencies = [
    ...new Set([...report.currencies, ...report.networks.flatMap((network) => Object.keys(network.rewards))]),
  ].sort();
  const header = [
    "date",
    "network",
    "posts",
    "impressions",
    "engagement",
    "matured_posts",
    "eligible_posts",
    ...report.currencies.map((currency) => `spend_${currency}`),
    ...rewardCurrencies.map((currency) => `rewards_earned_${currency}`),
    "matched_conversions",
    ...(account ? ["unmatched_conversions"] : []),
    "conversions_per_1000_impressions",
  ];
  const split = report.networks.length > 1;
  const rewardsOf = (figures: readonly NetworkFigures[]) =>
    rewardCurrencies.map((currency) => figures.reduce((sum, figure) => sum + (figure.rewards[currency] ?? 0), 0));
  const rows = report.days.flatMap((entry) => [
    [
      entry.date,
      split ? "all" : (report.networks[0]?.network ?? "all"),
      entry.posts,
      entry.impressions,
      entry.engagement,
      entry.maturedPosts,
      entry.eligiblePosts,
      ...report.currencies.map((currency) => entry.spend[currency] ?? 0),
      ...rewardsOf(entry.networks),
      entry.matchedConversions,
      ...(account ? [entry.unmatchedConversions] : []),
      entry.conversionsPerThousand,
    ],
    ...(split
      ? entry.networks.map((figures) => [
          entry.date,
          figures.network,
          figures.posts,
          figures.impressions,
          figures.engagement,
          figures.maturedPosts,
          figures.eligiblePosts,
          ...report.currencies.map(() => null),
          ...rewardsOf([figures]),
          null,
          ...(account ? [null] : []),
          null,
        ])
      : []),
  ]);
  return [header, ...rows].map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

/** The download's file name, e.g. `chorus-report-aurora-2026-10-25-2026-11-23.csv`. */
export function reportFileName(report: Report): string {
  const subject = (report.campaign?.id ?? report.advertiser.id).replace(/[^A-Za-z0-9_-]+/g, "-");
  return `chorus-report-${subject}-${report.range.from}-${report.range.to}.csv`;
}
