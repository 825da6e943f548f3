import { Hono } from "hono";
import { reportQuerySchema } from "../contracts/reports.ts";
import { accountReport, campaignReport, reportCsv, reportFileName } from "../domain/advertisers/reports.ts";
import type { Report } from "../contracts/reports.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
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

/**
 * Reports for members of an advertiser account (docs/decisions/021-advertiser-reports.md), as JSON or CSV. The use
 * cases authorize by membership of the account (404 for anyone else).
 */
export const advertiserReportRoutes = new Hono<WorkerEnv>()
  .get("/v1/advertiser/:advertiserId/reports", requireBearer, async (c) =>
    c.json(
      await accountReport(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        parseInput(reportQuerySchema, c.req.query(), "query"),
      ),
    ),
  )
  .get("/v1/advertiser/:advertiserId/reports.csv", requireBearer, async (c) =>
    csvResponse(
      await accountReport(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        parseInput(reportQuerySchema, c.req.query(), "query"),
      ),
    ),
  )
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/report", requireBearer, async (c) =>
    c.json(
      await campaignReport(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        c.req.param("campaignId"),
        parseInput(reportQuerySchema, c.req.query(), "query"),
      ),
    ),
  )
  .get("/v1/advertiser/:advertiserId/campaigns/:campaignId/report.csv", requireBearer, async (c) =>
    csvResponse(
      await campaignReport(
        c.var.capabilities,
        c.var.session.userId,
        c.req.param("advertiserId"),
        c.req.param("campaignId"),
        parseInput(reportQuerySchema, c.req.query(), "query"),
      ),
    ),
  );
