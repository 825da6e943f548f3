import { createMiddleware } from "hono/factory";
import { capabilitiesFor } from "../capabilities.ts";
import { pathForLogs } from "../contracts/admin-spoofing.ts";
import { newIncidentId } from "../contracts/incidents.ts";
import type { WorkerEnv } from "../worker-env.ts";
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
 * registered before it: worker/app.ts): the request's capabilities (validated config, clock, clients), and a request
 * id for logs (the Incident Id a failed page shows). An API call carrying the browser's trace header is logged with
 * the request id once, so the browser's telemetry and the worker's logs can be joined. On the way out it sets
 * Server-Timing.
 */
export const requestContext = createMiddleware<WorkerEnv>(async (c, next) => {
  c.set("capabilities", capabilitiesFor(c.env));
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
  setHeaders(c, [["Server-Timing", c.get("capabilities").timings.header()]]);
});
