import { Hono } from "hono";
import { depositIdempotencyKeySchema } from "../contracts/advertiser-funding.ts";
import {
  commissionBudgetInputSchema,
  commissionSettingsInputSchema,
  type CommissionSettings,
  type CreatorCommissions,
} from "../contracts/commissions.ts";
import { AppError } from "../contracts/errors.ts";
import { creatorCommissions } from "../domain/commissions/creator.ts";
import { commissionSettings, fundCommissionBudget } from "../domain/commissions/settings.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { campaignSettingsRoutes } from "./campaign-settings-routes.ts";
import { jsonBody, parseInput } from "./validation.ts";

/** The `Idempotency-Key` header, or a 400 naming it. */
function idempotencyKeyOf(value: string | undefined): string {
  const parsed = depositIdempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const msg = parsed.error.issues[0]?.message ?? "is invalid";
  throw new AppError(400, "invalid_request", `Idempotency-Key: ${msg}`, [{ loc: ["header", "Idempotency-Key"], msg }]);
}

/**
 * Commissions (docs/decisions/045-commissions.md): a campaign's rules and validation window and its commission
 * budget, for the account's members (anyone else gets 404); the signed-in creator's commissions. Body and rate
 * limits are the API's own (write-limits.ts).
 */
export const commissionRoutes = new Hono<WorkerEnv>()
  .route("/", campaignSettingsRoutes("commissions", commissionSettingsInputSchema, commissionSettings))

  .post("/v1/advertiser/:advertiserId/campaigns/:campaignId/commissions/budget", requireBearer, async (c) => {
    const idempotencyKey = idempotencyKeyOf(c.req.header("idempotency-key"));
    const input = parseInput(commissionBudgetInputSchema, await jsonBody(c), "body");
    const body: CommissionSettings = await fundCommissionBudget(
      c.var.capabilities,
      c.var.session.userId,
      c.req.param("advertiserId"),
      c.req.param("campaignId"),
      input,
      idempotencyKey,
    );
    return c.json(body);
  })
  .get("/v1/commissions", requireBearer, async (c) => {
    const body: CreatorCommissions = await creatorCommissions(c.var.capabilities, c.var.session.userId);
    return c.json(body);
  });
