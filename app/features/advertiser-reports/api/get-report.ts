import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { reportSchema, type Report } from "@contracts/reports.ts";
import { reportKeys } from "./report-keys";

export type ReportTarget = { advertiserId: string; campaignId: string | null };
export type ReportRange = { from: string; to: string };

/** The API path of a report, JSON or CSV, for a range. */
export function reportPath(target: ReportTarget, range: ReportRange, format: "json" | "csv"): string {
  const account = `/v1/advertiser/${encodeURIComponent(target.advertiserId)}`;
  const base = target.campaignId === null ? `${account}/reports` : `${account}/campaigns/${encodeURIComponent(target.campaignId)}/report`;
  const query = new URLSearchParams({ from: range.from, to: range.to }).toString();
  return `${base}${format === "csv" ? ".csv" : ""}?${query}`;
}

/** `GET /v1/advertiser/{advertiserId}/reports` or `…/campaigns/{campaignId}/report`. */
export function getReport(target: ReportTarget, range: ReportRange): Promise<Report> {
  return browserClients().api.get(reportPath(target, range, "json"), reportSchema);
}

/** The report over `range`, starting from what the server rendered when the range is the same; the last one stays shown while another loads. */
export function useReport(target: ReportTarget, range: ReportRange, rendered: Report) {
  const same = rendered.range.from === range.from && rendered.range.to === range.to;
  return useQuery(
    queryOptions({
      queryKey: reportKeys.report(target.advertiserId, target.campaignId, range.from, range.to),
      queryFn: () => getReport(target, range),
      initialData: same ? rendered : undefined,
      placeholderData: keepPreviousData,
      staleTime: 60_000,
    }),
  );
}
