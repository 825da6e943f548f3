import { Hono } from "hono";
import { depositIdempotencyKeySchema, depositInputSchema } from "../contracts/advertiser-funding.ts";
import { AppError } from "../contracts/errors.ts";
import { advertiserFunds, fundAccountCampaign, requestDeposit } from "../domain/advertisers/funding.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** The `Idempotency-Key` header, or a 400 naming it. */
function idempotencyKeyOf(value: string | undefined): string {
  const parsed = depositIdempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const msg = parsed.error.issues[0]?.message ?? "is invalid";
  throw new AppError(400, "invalid_request", `Idempotency-Key: ${msg}`, [{ loc: ["header", "Idempotency-Key"], msg }]);
}

/**
 * An advertiser account's money, for its members (docs/decisions/020-funding-and-invitations.md): deposits, funds
 * and funding a campaign. Membership is checked in the use cases; anyone else gets 404.
 */
export const advertiserFundingRoutes = new Hono<WorkerEnv>()
  .post("/v1/advertiser/:advertiserId/deposits", requireBearer, async (c) => {
    const idempotencyKey = idempotencyKeyOf(c.req.header("idempotency-key"));
    const input = parseInput(depositInputSchema, await jsonBody(c), "body");
    const result = await requestDeposit(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input, idempotencyKey);
    return c.json(result.deposit, result.replayed ? 200 : 201);
  })
  .get("/v1/advertiser/:advertiserId/funds", requireBearer, async (c) =>
    c.json(await advertiserFunds(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"))),
  )
  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/fund", requireBearer, async (c) =>
    c.json(await fundAccountCampaign(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), c.req.param("campaignId"))),
  );
