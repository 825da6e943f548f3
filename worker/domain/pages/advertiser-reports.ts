import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { ReportPage, ReportQuery } from "../../contracts/reports.ts";
import { listReportCampaigns } from "../../db/reports.ts";
import { accountReport, campaignReport } from "../advertisers/reports.ts";
import { listFunnel } from "../analytics/funnel.ts";

/**
 * `/advertiser/{advertiserId}/reports` and `/advertiser/{advertiserId}/campaigns/{campaignId}/report`, for members
 * only (anyone else gets the account's 404): the report over the asked range, the account's campaigns, and the
 * funnel of the account or the campaign.
 */
export async function advertiserReportPage(
  caps: Pick<Capabilities, "db" | "clock">,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
  query: ReportQuery,
): Promise<ReportPage> {
  const load = (asked: ReportQuery) =>
    campaignId === null ? accountReport(caps, userId, advertiserId, asked) : campaignReport(caps, userId, advertiserId, campaignId, asked);
  // A range in the address that is not one (a typo, from after to) shows the default range rather than an error page.
  const report = await load(query).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 400) return load({});
    throw error;
  });
  // After the report: it is what checks membership.
  const [campaigns, funnel] = await Promise.all([
    listReportCampaigns(caps.db, advertiserId),
    listFunnel(caps, campaignId === null ? { advertiserId } : { advertiserId, campaignId }),
  ]);
  return { report, campaigns: campaigns.map(({ id, title, status }) => ({ id, title, status })), funnel };
}
