import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_EVENTS_PATH } from "../contracts/analytics.ts";
import { INGEST_BODY_LIMIT_BYTES } from "../contracts/conversions.ts";
import { AppError } from "../contracts/errors.ts";
import { MAX_TRPC_URL_LENGTH } from "../contracts/rpc.ts";
import { MAX_ATTACHMENT_BYTES } from "../contracts/posts.ts";
import { hex } from "../security/encoding.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { bearerToken } from "./authenticate.ts";

/** JSON bodies of the API are small; uploads say how much more they need. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;
/** Room for the multipart framing around an image of the largest allowed size. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const INGEST_PATH = "/v1/conversion/event/ingest";
const uploadLimits: Record<string, number> = {
  "/v1/action/post/attachment": MAX_ATTACHMENT_BYTES + MULTIPART_OVERHEAD_BYTES,
  /** A batch of 100 conversion events with their metadata (docs/decisions/018-conversion-ingestion.md). */
  [INGEST_PATH]: INGEST_BODY_LIMIT_BYTES,
  /** A batch of the tracker's events (docs/decisions/022-analytics-and-telemetry.md). */
  [ANALYTICS_EVENTS_PATH]: ANALYTICS_BODY_LIMIT_BYTES,
};
/** Calls with a rate limit of their own (per API key, per tracker session or address: in the route), exempt from the per-session budget. */
const ownRateLimit = new Set([INGEST_PATH, ANALYTICS_EVENTS_PATH]);

const writeMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function bodyLimitOf(path: string): number {
  return uploadLimits[path] ?? DEFAULT_BODY_LIMIT_BYTES;
}

const limitedBody = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new AppError(413, "body_too_large", `The request body is larger than the ${Math.round(maxSize / 1024)} KB this call accepts.`, [
        { loc: ["body"], msg: `must be at most ${maxSize} bytes` },
      ]);
    },
  });
const bodyLimits = new Map<number, ReturnType<typeof limitedBody>>();

/** The budget a write counts against: the signed-in session's token, or the client's address without one. */
async function rateLimitKey(c: Context<WorkerEnv>): Promise<string> {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null) return `address:${c.req.header("cf-connecting-ip") ?? "unknown"}`;
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(token)));
  return `token:${hex(digest.subarray(0, 12))}`;
}

/**
 * Every state-changing call of the API: a body limit (413 naming the limit) and a rate limit per session or client
 * address (429 with Retry-After). Reads pass untouched, but for the length of a tRPC query's address (its input). Retried effects are made safe by idempotency keys in the
 * use cases themselves; this only keeps one client from flooding the rest.
 */
export const writeLimits = createMiddleware<WorkerEnv>(async (c, next) => {
  if (!writeMethods.has(c.req.method)) {
    if (c.req.path.startsWith("/trpc") && c.req.url.length > MAX_TRPC_URL_LENGTH) {
      throw new AppError(
        414,
        "url_too_long",
        `The request's address is longer than the ${MAX_TRPC_URL_LENGTH / 1024} KB this call accepts.`,
        [{ loc: ["query", "input"], msg: `the address must be at most ${MAX_TRPC_URL_LENGTH} characters` }],
      );
    }
    return next();
  }
  const { success } = ownRateLimit.has(c.req.path)
    ? { success: true }
    : await c.env.WRITE_RATE_LIMITER.limit({ key: await rateLimitKey(c) });
  if (!success) {
    throw new AppError(429, "rate_limited", "Too many changes in a short time. Wait a minute, then try again.", undefined, {
      retryAfterSeconds: 60,
    });
  }
  const maxSize = bodyLimitOf(c.req.path);
  let limit = bodyLimits.get(maxSize);
  if (limit === undefined) {
    limit = limitedBody(maxSize);
    bodyLimits.set(maxSize, limit);
  }
  return limit(c, next);
});
