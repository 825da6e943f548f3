import type { Capabilities } from "../capabilities.ts";
import type { ReportPage, ReportQuery } from "../contracts/reports.ts";
import { reportPage } from "./shared/report-page.server.ts";

/** `/advertiser/{advertiserId}/campaigns/{campaignId}/report`: one campaign's report over the asked range (members only). */
export function advertiserReportPage(
  capabilities: Pick<Capabilities, "db" | "clock" | "timings" | "config">,
  userId: string,
  advertiserId: string,
  campaignId: string,
  query: ReportQuery,
): Promise<ReportPage> {
  return reportPage(capabilities, userId, advertiserId, campaignId, query);
}
