import { createMiddleware } from "hono/factory";
import { AppError } from "../contracts/errors.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * For calls authenticated by the session cookie rather than a bearer token (turning the cookie into tokens, signing
 * out): only a page of the origin the request was sent to may make them. The browser says where a request comes
 * from in `Origin`; when it leaves it out, `Sec-Fetch-Site` must say `same-origin`. A request carrying neither is
 * refused too: SameSite=Lax alone lets a same-site sibling (another subdomain) through, and a missing header proves
 * nothing (docs/decisions/025-tokens-cookies-redirects.md).
 */
export function isSameOriginRequest(request: { url: string; origin: string | undefined; fetchSite: string | undefined }): boolean {
  // A page of this site whose Referrer-Policy is no-referrer (the spoofing confirmation) posts its form with
  // `Origin: null`; the browser's own `Sec-Fetch-Site` still tells where it came from.
  if (request.origin !== undefined && request.origin !== "null") return request.origin === new URL(request.url).origin;
  return request.fetchSite === "same-origin";
}

function crossOriginRefused(): AppError {
  return new AppError(403, "cross_origin_refused", "This call is only accepted from a page of this site. Reload the page and try again.");
}

export const requireSameOrigin = createMiddleware<WorkerEnv>(async (c, next) => {
  const sameOrigin = isSameOriginRequest({ url: c.req.url, origin: c.req.header("origin"), fetchSite: c.req.header("sec-fetch-site") });
  if (!sameOrigin) throw crossOriginRefused();
  await next();
});

/**
 * A page request by any method but GET and HEAD runs a route's action with the session cookie: the same rule holds,
 * without the opaque `Origin` of a no-referrer page (no page posts to another page so). Refused here, it gets the
 * API's error; React Router's own check answers a foreign or opaque `Origin` with a plain-text 400.
 */
export const pageActionsFromSameOrigin = createMiddleware<WorkerEnv>(async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  if (c.req.header("origin") === "null") throw crossOriginRefused();
  return requireSameOrigin(c, next);
});
