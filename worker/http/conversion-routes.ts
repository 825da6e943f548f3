import { Hono } from "hono";
import type { IngestResult } from "../contracts/conversions.ts";
import { AppError } from "../contracts/errors.ts";
import { authenticateIngestKey, ingestConversions } from "../domain/conversions/ingest.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { jsonBody } from "./validation.ts";

/** Seconds to wait after the per-key budget ran out (the limiter's window is a minute). */
const INGEST_RETRY_AFTER_SECONDS = 60;

/**
 * `POST /v1/conversion/event/ingest` (docs/decisions/018-conversion-ingestion.md): headers `api-key` and `api-secret`;
 * one event or `{ events: [...] }`. The body limit is set in write-limits.ts; the rate limit is per key
 * (`INGEST_RATE_LIMITER`), counted once the key is known to be real, so a stranger cannot spend someone's budget.
 */
export const conversionRoutes = new Hono<WorkerEnv>().post("/v1/conversion/event/ingest", async (c) => {
  const key = await authenticateIngestKey(c.var.capabilities, c.req.header("api-key"), c.req.header("api-secret"));
  const { success } = await c.env.INGEST_RATE_LIMITER.limit({ key: key.keyId });
  if (!success) {
    throw new AppError(429, "rate_limited", "This API key sent too many calls in the last minute. Wait, then send again.", undefined, {
      retryAfterSeconds: INGEST_RETRY_AFTER_SECONDS,
    });
  }
  const result: IngestResult = await ingestConversions(c.var.capabilities, key, await jsonBody(c));
  return c.json(result);
});
