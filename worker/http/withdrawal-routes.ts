import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../contracts/errors.ts";
import {
  idempotencyKeySchema,
  withdrawalIdSchema,
  withdrawalListQuerySchema,
  withdrawalRequestSchema,
  withdrawalTrackingOf,
  withdrawalTrackingQuerySchema,
  withdrawalVerifySchema,
  type WithdrawalCreated,
} from "../contracts/withdrawals.ts";
import { refuseWhenActingAsSomeoneElse } from "../domain/withdrawals/errors.ts";
import { listWithdrawalsOf } from "../domain/withdrawals/list.ts";
import { requestWithdrawal } from "../domain/withdrawals/request.ts";
import { cancelWithdrawal, resendWithdrawalCode, verifyWithdrawal } from "../domain/withdrawals/verify.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import { refuseWhileImpersonating } from "../middleware/impersonation.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody, parseInput } from "./validation.ts";

const pathSchema = z.object({ withdrawalId: withdrawalIdSchema });

/** The `Idempotency-Key` header, or a 400 naming it. */
function idempotencyKeyOf(value: string | undefined): string {
  const parsed = idempotencyKeySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const msg = parsed.error.issues[0]?.message ?? "is required";
  throw new AppError(400, "invalid_request", `Idempotency-Key: ${msg}`, [{ loc: ["header", "Idempotency-Key"], msg }]);
}

/**
 * Money out for the signed-in creator (SPEC.md section 7, docs/decisions/015-withdrawals.md): the history, a new
 * withdrawal (held at once, `Idempotency-Key` required: the spec's body alone is a 400 naming the header), its code,
 * a new mailed code, and cancelling it; `page_path` and `trigger` are stored with the withdrawal. An admin acting as
 * the creator may read the history but not move the money (403).
 */
export const withdrawalRoutes = new Hono<WorkerEnv>()
  .get("/v1/withdrawal", requireBearer, async (c) => {
    const { currency } = parseInput(withdrawalListQuerySchema, c.req.query(), "query");
    return c.json(await listWithdrawalsOf(c.var.capabilities, c.var.session.userId, currency));
  })
  .post("/v1/withdrawal", requireBearer, refuseWhileImpersonating("withdraw money"), async (c) => {
    refuseWhenActingAsSomeoneElse(c.var.session);
    const requestedFrom = withdrawalTrackingOf(parseInput(withdrawalTrackingQuerySchema, c.req.query(), "query"));
    const idempotencyKey = idempotencyKeyOf(c.req.header("idempotency-key"));
    const input = parseInput(withdrawalRequestSchema, await jsonBody(c), "body");
    const result = await requestWithdrawal(c.var.capabilities, c.var.session.userId, { ...input, idempotencyKey, requestedFrom });
    const body: WithdrawalCreated = { withdrawal: result.withdrawal, codeSent: result.codeSent };
    return c.json(body, result.created ? 201 : 200);
  })
  .post("/v1/withdrawal/:withdrawalId/verify", requireBearer, refuseWhileImpersonating("withdraw money"), async (c) => {
    refuseWhenActingAsSomeoneElse(c.var.session);
    const { withdrawalId } = parseInput(pathSchema, c.req.param(), "path");
    const { code } = parseInput(withdrawalVerifySchema, await jsonBody(c), "body");
    return c.json(await verifyWithdrawal(c.var.capabilities, c.var.session.userId, withdrawalId, code));
  })
  .post("/v1/withdrawal/:withdrawalId/verify/resend", requireBearer, async (c) => {
    refuseWhenActingAsSomeoneElse(c.var.session);
    const { withdrawalId } = parseInput(pathSchema, c.req.param(), "path");
    return c.json(await resendWithdrawalCode(c.var.capabilities, c.var.session.userId, withdrawalId));
  })
  .delete("/v1/withdrawal/:withdrawalId", requireBearer, async (c) => {
    refuseWhenActingAsSomeoneElse(c.var.session);
    const cancelledFrom = withdrawalTrackingOf(parseInput(withdrawalTrackingQuerySchema, c.req.query(), "query"));
    const { withdrawalId } = parseInput(pathSchema, c.req.param(), "path");
    return c.json(await cancelWithdrawal(c.var.capabilities, c.var.session.userId, withdrawalId, cancelledFrom));
  });
