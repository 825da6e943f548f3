import { Hono, type Context } from "hono";
import { ANALYTICS_EVENTS_PATH, type AnalyticsQueueMessage } from "../contracts/analytics.ts";
import { AppError } from "../contracts/errors.ts";
import { liveSessionForToken, sessionFromCookie } from "../domain/accounts/sessions.ts";
import { acceptAnalyticsBatch } from "../domain/analytics/accept-batch.ts";
import { bearerToken } from "../middleware/authenticate.ts";
import { readSessionCookie } from "../middleware/cookies.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Seconds to wait after the budget ran out (the limiter's window is a minute). */
const ANALYTICS_RETRY_AFTER_SECONDS = 60;

/**
 * The signed-in user behind a batch: the bearer token of the API client, else the HttpOnly session cookie that
 * `sendBeacon` carries. A stale or invalid token does not refuse the events (the tracker cannot sign in again);
 * they are kept under the cookie's user, or none.
 */
async function sessionUserId(c: Context<WorkerEnv>): Promise<string | null> {
  const capabilities = c.var.capabilities;
  const token = bearerToken(c.req.header("authorization"));
  if (token !== null) {
    try {
      return (await liveSessionForToken(capabilities, token)).userId;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  const cookie = readSessionCookie(c);
  if (cookie === undefined) return null;
  return (await sessionFromCookie(capabilities, cookie))?.userId ?? null;
}

/** JSON from `fetch` (application/json) or from `navigator.sendBeacon` with a string (text/plain). */
async function batchBody(c: Context<WorkerEnv>): Promise<unknown> {
  const mediaType = (c.req.header("content-type") ?? "").split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "application/json" && mediaType !== "text/plain") {
    throw new AppError(400, "invalid_request", "Send the events as JSON (Content-Type application/json or text/plain).", [
      { loc: ["header", "content-type"], msg: "must be application/json or text/plain" },
    ]);
  }
  try {
    return JSON.parse(await c.req.text()) as unknown;
  } catch {
    throw new AppError(400, "invalid_request", "The request body must be JSON.", [{ loc: ["body"], msg: "must be JSON" }]);
  }
}

/**
 * `POST /v1/events` (docs/decisions/022-analytics-and-telemetry.md): the tracker's batches. No sign-in needed; the
 * body limit is set in write-limits.ts, and the rate limit is this route's own (`ANALYTICS_RATE_LIMITER`, per signed-in
 * user, else per client address) instead of the per-session write budget. Answers 202: the queue consumer stores
 * the events.
 */
export const analyticsRoutes = new Hono<WorkerEnv>().post(ANALYTICS_EVENTS_PATH, async (c) => {
  const userId = await sessionUserId(c);
  const key = userId === null ? `address:${c.req.header("cf-connecting-ip") ?? "unknown"}` : `user:${userId}`;
  const { success } = await c.env.ANALYTICS_RATE_LIMITER.limit({ key });
  if (!success) {
    throw new AppError(429, "rate_limited", "Too many batches of events in the last minute. Wait, then send again.", undefined, {
      retryAfterSeconds: ANALYTICS_RETRY_AFTER_SECONDS,
    });
  }
  const queue = c.env.ANALYTICS_QUEUE as Queue<AnalyticsQueueMessage>;
  const result = await acceptAnalyticsBatch(c.var.capabilities, queue, await batchBody(c), userId);
  return c.json(result, 202);
});
