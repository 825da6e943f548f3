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
    lookup = resolveBrand(c.var.capabilities, new URL(c.req.url).hostname);
    c.set("brandLookup", lookup);
  }
  return lookup;
}

/**
 * The whitelist guard: the app's own origins and registered partner hostnames pass. Any other domain may open
 * only /, /not-allowed, /tos and /privacy; its pages are sent to /not-allowed and its API calls refused.
 * A failed lookup lets the request through without a brand (logged): an outage must not lock partners out.
 */
export const whitelistGuard = createMiddleware<WorkerEnv>(async (c, next) => {
  const resolution = await lookUpBrand(c);
  c.set("brand", resolution.kind === "partner" ? resolution.brand : null);
  const pathname = new URL(c.req.url).pathname;
  if (resolution.kind === "unknown" && !guardExemptPaths.has(pathname)) {
    const wantsPage = c.req.method === "GET" && !/^\/(v1|trpc)\//.test(pathname);
    if (wantsPage) return c.redirect("/not-allowed", 302);
    throw new AppError(403, "origin_not_allowed", "This domain is not registered with Chorus.");
  }
  await next();
});
