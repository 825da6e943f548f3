import { createMiddleware } from "hono/factory";
import { capabilitiesFor } from "../capabilities.ts";
import { systemClock } from "../clock.ts";
import { configFrom } from "../config.ts";
import { pathForLogs } from "../contracts/admin-spoofing.ts";
import { newIncidentId } from "../contracts/incidents.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { carriedD1Bookmark, returnD1Bookmark } from "./d1-bookmark.ts";
import { setHeaders } from "./response-headers.ts";

/** W3C Trace Context, version 00: `00-<trace id, 32 hex>-<parent id, 16 hex>-<flags, 2 hex>`, lower case. */
const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
/** The calls the browser's telemetry traces (the API, the RPC, sign-in); pages and assets are not traced. */
const TRACED_PATH = /^\/(v1|trpc|auth)(\/|$)/;

/** A valid `traceparent` header, or null for a missing or malformed one (which is ignored, never refused). */
export function traceparentOf(header: string | undefined): string | null {
  const value = header?.trim();
  return value !== undefined && TRACEPARENT.test(value) ? value : null;
}

/**
 * The first middleware that works on the way in (only transportSecurity, which sets headers on the way out, is
 * registered before it: worker/app.ts): the request's capabilities (validated config, clock, clients, and the one D1
 * session of the request, started from the bookmark the client carried or else unconstrained), and a request id for
 * logs (the Incident Id a failed page shows). An API call carrying the browser's trace header is logged with the
 * request id once, so the browser's telemetry and the worker's logs can be joined. On the way out it sets
 * Server-Timing and hands the session's bookmark back (docs/decisions/035-read-replicas.md).
 */
export const requestContext = createMiddleware<WorkerEnv>(async (c, next) => {
  const carried = carriedD1Bookmark(c, configFrom(c.env).environment);
  c.set("capabilities", capabilitiesFor(c.env, systemClock, carried ?? "first-unconstrained"));
  const requestId = c.req.header("cf-ray") ?? newIncidentId();
  c.set("requestId", requestId);
  c.set("session", null);
  c.set("sessionStillLive", null);
  c.set("brand", null);
  c.set("nonce", "");
  if (TRACED_PATH.test(c.req.path)) {
    const traceparent = traceparentOf(c.req.header("traceparent"));
    if (traceparent !== null) console.log(`[${requestId}] ${c.req.method} ${pathForLogs(c.req.path)} traceparent=${traceparent}`);
  }
  await next();
  const capabilities = c.get("capabilities");
  setHeaders(c, [["Server-Timing", capabilities.timings.header()]]);
  returnD1Bookmark(c, capabilities.d1Bookmark());
});
