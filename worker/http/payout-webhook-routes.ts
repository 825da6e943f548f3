import { Hono } from "hono";
import { payoutWebhookEventSchema } from "../clients/payout-rail.ts";
import { PAYOUT_SIGNATURE_HEADER, PAYOUT_WEBHOOK_PATH } from "../contracts/payout-webhook.ts";
import { AppError } from "../contracts/errors.ts";
import { settleFromRailEvent } from "../domain/withdrawals/webhook.ts";
import { checkWebhookSignature } from "../security/webhook-signatures.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { parseInput } from "./validation.ts";

/**
 * The payout rail's webhook (docs/decisions/032-spec-server-items.md section 4): no bearer token; the raw body must
 * carry the rail's signature with the shared secret (`PAYOUT_WEBHOOK_SECRET`), made within 5 minutes. Missing or
 * malformed: 400; stale or not matching: 401; then the event settles the withdrawal at once.
 */
export const payoutWebhookRoutes = new Hono<WorkerEnv>().post(PAYOUT_WEBHOOK_PATH, async (c) => {
  const { capabilities } = c.var;
  const rawBody = await c.req.text();
  const check = await checkWebhookSignature({
    secret: capabilities.config.payouts.webhookSecret,
    header: c.req.header(PAYOUT_SIGNATURE_HEADER),
    rawBody,
    now: capabilities.clock.now(),
  });
  if (!check.ok) {
    const refused = check.problem === "stale" || check.problem === "mismatch";
    throw new AppError(
      refused ? 401 : 400,
      refused ? "invalid_signature" : "invalid_request",
      `${PAYOUT_SIGNATURE_HEADER}: ${check.message}`,
      [{ loc: ["header", PAYOUT_SIGNATURE_HEADER], msg: check.message }],
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new AppError(400, "invalid_request", "The request body must be JSON.", [{ loc: ["body"], msg: "must be JSON" }]);
  }
  const event = parseInput(payoutWebhookEventSchema, body, "body");
  return c.json({ received: true, ...(await settleFromRailEvent(capabilities, event)) });
});
