/**
 * Route rules in one place (PRODUCT.md "Brands and domains"): redirects, caching, and which pages are prerendered.
 * The worker applies them to what it serves; the build writes them into the static assets' `_headers` file and into
 * `builds/meta/{buildId}.json`, so static files follow the same rules.
 */
export type RouteRule = {
  /** An exact path, or a prefix ending in `/*`. */
  pattern: string;
  redirect?: string;
  cacheControl?: string;
  prerender?: boolean;
  /**
   * How long (ms) the worker may answer every signed-out visitor with the same rendered document, each with their own
   * nonce (worker/ssr/document-cache.ts). For pages whose data is public and may be as old as this.
   */
  sharedFor?: number;
};

/**
 * A landing page's data is public and already allowed to be minutes old in the visitor's browser (`landing` below), so
 * the worker renders it once for everyone every 30 s, like the brand of a host.
 */
const LANDING_SHARED_FOR = 30_000;

export const cachePolicies = {
  /** Fingerprinted files never change under the same name. */
  immutable: "public, max-age=31536000, immutable",
  /** Prerendered articles: fresh for an hour, then served stale while the edge revalidates. */
  article: "public, max-age=3600, stale-while-revalidate=86400",
  /**
   * Landing pages are rendered with a per-request CSP nonce, so no shared cache may keep them (it would hand the same
   * nonce to every visitor); the visitor's own browser may, briefly, so an advertiser's change shows within minutes.
   */
  landing: "private, max-age=300",
  /** Anything personal or live. */
  none: "no-store",
} as const;

export const routeRules: readonly RouteRule[] = [
  { pattern: "/tos", redirect: "/articles/terms" },
  { pattern: "/privacy", redirect: "/articles/privacy-policy" },
  { pattern: "/articles/privacy-policy", prerender: true, cacheControl: cachePolicies.article },
  { pattern: "/articles/terms", prerender: true, cacheControl: cachePolicies.article },
  { pattern: "/assets/*", cacheControl: cachePolicies.immutable },
  { pattern: "/landing/*", cacheControl: cachePolicies.landing, sharedFor: LANDING_SHARED_FOR },
  { pattern: "/builds/*", cacheControl: cachePolicies.none },
  { pattern: "/v1/*", cacheControl: cachePolicies.none },
  { pattern: "/auth/*", cacheControl: cachePolicies.none },
  { pattern: "/trpc/*", cacheControl: cachePolicies.none },
];

export function ruleFor(pathname: string): RouteRule | undefined {
  return routeRules.find((rule) =>
    rule.pattern.endsWith("/*") ? pathname.startsWith(rule.pattern.slice(0, -1)) : pathname === rule.pattern,
  );
}

export const prerenderedPaths = routeRules.filter((rule) => rule.prerender === true).map((rule) => rule.pattern);

/**
 * Paths an unregistered domain may still open (SPEC.md section 5), and React Router's route discovery
 * (`/__manifest`), which those pages fetch once hydrated: redirected to /not-allowed it would answer HTML.
 */
export const guardExemptPaths: ReadonlySet<string> = new Set(["/", "/not-allowed", "/tos", "/privacy", "/__manifest"]);
