import { createMiddleware } from "hono/factory";
import { cachePolicies, ruleFor } from "../edge/route-rules.ts";
import { readSessionCookie } from "./cookies.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * Applies the route rules: redirects before anything else, cache policy on the way out. Pages rendered for a
 * signed-in person are never stored by shared caches, whatever the rule says: they carry that person's data.
 */
export const applyRouteRules = createMiddleware<WorkerEnv>(async (c, next) => {
  const url = new URL(c.req.url);
  const rule = ruleFor(url.pathname);
  if (rule?.redirect !== undefined) return c.redirect(`${rule.redirect}${url.search}`, 301);
  await next();
  if (c.res.headers.has("Cache-Control")) return;
  const isPage = (c.res.headers.get("Content-Type") ?? "").includes("text/html");
  if (isPage && (readSessionCookie(c) !== undefined || rule?.cacheControl === undefined)) {
    c.res.headers.set("Cache-Control", `private, ${cachePolicies.none}`);
  } else if (rule?.cacheControl !== undefined) {
    c.res.headers.set("Cache-Control", rule.cacheControl);
  }
});
