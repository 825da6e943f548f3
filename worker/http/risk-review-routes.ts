import { Hono } from "hono";
import {
  reviewDecisionInputSchema,
  riskSettingsInputSchema,
  type ReviewDecisionResult,
  type ReviewQueue,
} from "../contracts/risk-review.ts";
import { decideReviews, getReviewQueue, riskSettings } from "../domain/risk/review.ts";
import { requireBearer } from "../middleware/authenticate.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { campaignSettingsRoutes } from "./campaign-settings-routes.ts";
import { jsonBody, parseInput } from "./validation.ts";

/**
 * Risk review (docs/decisions/047-risk-and-review.md): the account's queue of held items and its decisions, and a
 * campaign's review threshold and window, for the account's members (anyone else gets 404). Body and rate limits are
 * the API's own (write-limits.ts); a repeated decision changes nothing, so it needs no idempotency key.
 */
export const riskReviewRoutes = new Hono<WorkerEnv>()
  .route("/", campaignSettingsRoutes("review-settings", riskSettingsInputSchema, riskSettings))
  .get("/v1/advertiser/:advertiserId/reviews", requireBearer, async (c) => {
    const body: ReviewQueue = await getReviewQueue(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"));
    return c.json(body);
  })
  .post("/v1/advertiser/:advertiserId/reviews/decisions", requireBearer, async (c) => {
    const input = parseInput(reviewDecisionInputSchema, await jsonBody(c), "body");
    const body: ReviewDecisionResult = await decideReviews(c.var.capabilities, c.var.session.userId, c.req.param("advertiserId"), input);
    return c.json(body);
  });
