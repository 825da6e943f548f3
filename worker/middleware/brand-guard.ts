import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { resolveBrand, type BrandResolution } from "../domain/brands/resolve-brand.ts";
import { guardExemptPaths } from "../edge/route-rules.ts";
import { AppError } from "../contracts/errors.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** Starts the brand lookup for the request's hostname; whoever needs it awaits the same promise (one KV read). */
export function lookUpBrand(c: Context<WorkerEnv>): Promise<BrandResolution> {
  let lookup = c.get("brandLookup");
  if (lookup === undefined) {
    const capabilities = c.get("capabilities");
    const hostname = new URL(c.req.url).hostname;
    lookup = capabilities.timings.measure("brand", () =>
      resolveBrand(capabilities, hostname, { cacheUnknown: true, waitUntil: (work) => c.executionCtx.waitUntil(work) }),
    );
    c.set("brandLookup", lookup);
  }
  return lookup;
}

/** Calls that act for someone (sign-in, the API): never let through on a hostname nobody could check. */
const API_PATH = /^\/(auth|v1|trpc)(\/|$)/;

/**
 * The whitelist guard: the app's own origins and registered partner hostnames pass. Any other domain may open
 * only /, /not-allowed, /tos and /privacy; its pages are sent to /not-allowed and its API calls refused.
 * A failed lookup (D1 down and the host not cached) is logged; pages are served without a brand, so an outage does
 * not lock partners' visitors out of reading, but sign-in and the API fail closed: an unchecked host may be a
 * stranger's domain pointed at Chorus (docs/decisions/025-tokens-cookies-redirects.md).
 */
export const whitelistGuard = createMiddleware<WorkerEnv>(async (c, next) => {
  const resolution = await lookUpBrand(c);
  c.set("brand", resolution.kind === "partner" ? resolution.brand : null);
  const pathname = c.req.path;
  if (resolution.kind === "failed" && API_PATH.test(pathname)) {
    throw new AppError(
      503,
      "origin_check_unavailable",
      "We could not check this domain just now. Please try again in a minute.",
      undefined,
      {
        retryAfterSeconds: 60,
      },
    );
  }
  if (resolution.kind === "unknown" && !guardExemptPaths.has(pathname)) {
    const wantsPage = c.req.method === "GET" && !/^\/(v1|trpc)\//.test(pathname);
    if (wantsPage) return c.redirect("/not-allowed", 302);
    throw new AppError(403, "origin_not_allowed", "This domain is not registered with Chorus.");
  }
  await next();
});
