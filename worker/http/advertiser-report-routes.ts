import { Hono, type Context } from "hono";
import { z } from "zod";
import { reportQuerySchema } from "../contracts/reports.ts";
import { accountReport, campaignReport, reportCsv, reportFileName } from "../domain/advertisers/reports.ts";
import type { Report } from "../contracts/reports.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { SignedInEnv, WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

/** The report's daily numbers as a CSV download. */
function csvResponse(report: Report): Response {
  return new Response(reportCsv(report), {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${reportFileName(report)}"`,
    },
  });
}

const accountPathSchema = z.object({ advertiserId: z.string() });
const campaignPathSchema = z.object({ advertiserId: z.string(), campaignId: z.string() });

/** The account's report a call asks for (its path and query), in either format. */
function accountReportOf(c: Context<SignedInEnv>): Promise<Report> {
  const { advertiserId } = parseInput(accountPathSchema, c.req.param(), "path");
  return accountReport(c.var.capabilities, c.var.session.userId, advertiserId, parseInput(reportQuerySchema, c.req.query(), "query"));
}

/** The campaign's report a call asks for (its path and query), in either format. */
function campaignReportOf(c: Context<SignedInEnv>): Promise<Report> {
  const { advertiserId, campaignId } = parseInput(campaignPathSchema, c.req.param(), "path");
  const query = parseInput(reportQuerySchema, c.req.query(), "query");
  return campaignReport(c.var.capabilities, c.var.session.userId, advertiserId, campaignId, query);
}

/**
 * Reports for members of an advertiser account (docs/decisions/021-advertiser-reports.md), as JSON or CSV. The use
 * cases authorize by membership of the account (404 for anyone else).
 */
export const advertiserReportRoutes = new Hono<WorkerEnv>()
  .get("/v1/advertiser/:advertiserId/reports", requireBearer, async (c) => c.json(await accountReportOf(c)))
  .get("/v1/advertiser/:advertiserId/reports.csv", requireBearer, async (c) => csvResponse(await accountReportOf(c)))
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/report", requireBearer, async (c) => c.json(await campaignReportOf(c)))
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/report.csv", requireBearer, async (c) => csvResponse(await campaignReportOf(c)));
