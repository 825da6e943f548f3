import type { Capabilities } from "../../capabilities.ts";
import { AppError } from "../../contracts/errors.ts";
import type { ReportPage, ReportQuery } from "../../contracts/reports.ts";
import { funnelRowsQuery } from "../../db/funnel-rollups.ts";
import { runBatch } from "../../db/query.ts";
import { reportCampaignsQuery } from "../../db/reports.ts";
import { askedRange, reportFrom, reportQueries, type AskedRange } from "../../domain/advertisers/reports.ts";

const isBadRequest = (error: unknown) => error instanceof AppError && error.status === 400;

/**
 * The report page of an advertiser account (`campaignId` null) or of one of its campaigns, for members only (anyone
 * else gets the account's 404), in one round trip: the report over the asked range, the account's campaigns, and the
 * funnel of the account or the campaign.
 */
export async function reportPage(
  { db, clock, timings, config }: Pick<Capabilities, "db" | "clock" | "timings" | "config">,
  userId: string,
  advertiserId: string,
  campaignId: string | null,
  query: ReportQuery,
): Promise<ReportPage> {
  const now = clock.now();
  const campaignReport = campaignId !== null;
  const load = async (asked: AskedRange) => {
    const [campaigns, funnel, ...reads] = await timings.measure("q-advertiser-report", () =>
      runBatch(db, [
        reportCampaignsQuery(db, advertiserId),
        funnelRowsQuery(db, { advertiserId, campaignId }),
        ...reportQueries(db, userId, advertiserId, campaignId, asked, now),
      ]),
    );
    // The report comes first: it drops what a non-member's reads found.
    const report = reportFrom(reads, campaignId, config.paidApi);
    return { report, campaigns: campaigns.map(({ id, title, status }) => ({ id, title, status })), funnel };
  };
  // A range in the address that is not one (a typo, from after to) shows the default range rather than an error page.
  const byDefault = askedRange({}, now, campaignReport);
  let asked: AskedRange;
  try {
    asked = askedRange(query, now, campaignReport);
  } catch (error) {
    if (!isBadRequest(error)) throw error;
    asked = byDefault;
  }
  // With one end given, a campaign report's range can turn out not to be one only with its campaign's dates: read again.
  return load(asked).catch((error: unknown) => {
    if (isBadRequest(error)) return load(byDefault);
    throw error;
  });
}
