import { createMiddleware } from "hono/factory";
import { cachePolicies, ruleFor } from "../edge/route-rules.ts";
import { readSessionCookie } from "./cookies.ts";
import type { WorkerEnv } from "../worker-env.ts";

/** A policy that lets shared caches (the edge, proxies) keep the answer. */
export const sharedCacheable = (cacheControl: string) => /\bpublic\b|s-maxage/.test(cacheControl);

/**
 * Applies the route rules: redirects before anything else, cache policy on the way out. Pages rendered for a
 * signed-in person are never stored by shared caches, whatever the rule says: they carry that person's data. Nor are
 * pages whose CSP carries a per-request nonce (an SSR page under a public rule, such as an article rendered by the
 * worker instead of served prerendered): a shared cache would hand the same nonce to every visitor.
 */
export const applyRouteRules = createMiddleware<WorkerEnv>(async (c, next) => {
  const rule = ruleFor(c.req.path);
  if (rule?.redirect !== undefined) return c.redirect(`${rule.redirect}${new URL(c.req.url).search}`, 301);
  await next();
  if (c.res.headers.has("Cache-Control")) return;
  const isPage = (c.res.headers.get("Content-Type") ?? "").includes("text/html");
  const carriesNonce = (c.res.headers.get("Content-Security-Policy") ?? "").includes("'nonce-");
  const ruled = rule?.cacheControl;
  if (isPage && (readSessionCookie(c) !== undefined || ruled === undefined || (carriesNonce && sharedCacheable(ruled)))) {
    c.res.headers.set("Cache-Control", `private, ${cachePolicies.none}`);
  } else if (ruled !== undefined) {
    c.res.headers.set("Cache-Control", ruled);
  }
});
