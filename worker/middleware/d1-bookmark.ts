import type { Context } from "hono";
import { generateCookie, getCookie } from "hono/cookie";
import type { AppConfig } from "../config.ts";
import type { WorkerEnv } from "../worker-env.ts";
import { cookieNames } from "./cookies.ts";
import { trySetHeader } from "./response-headers.ts";
import { sharedCacheable } from "./route-rules.ts";

/**
 * Read-your-writes across requests with D1's read replicas (docs/decisions/035-read-replicas.md): each request's D1
 * session starts from the bookmark its client carried, and the answer carries the session's bookmark onwards, to a
 * browser in an HttpOnly cookie and to an API client in the `x-d1-bookmark` header (the header wins when both come).
 */
export const D1_BOOKMARK_HEADER = "x-d1-bookmark";

/**
 * Long past any normal replica lag: an older bookmark no longer constrains which replica answers, so the cookie can
 * lapse. Every answer that carries a bookmark renews it.
 */
export const D1_BOOKMARK_MAX_AGE = 10 * 60;

/** D1's bookmark: four hex groups (8-8-8-32), which sort in the order the database moved. */
const D1_BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

const protocolOf = (c: Context<WorkerEnv>) => (c.req.url.startsWith("https:") ? "https:" : "http:");

/**
 * The bookmark the request carried, or null for none or a malformed one (ignored, never refused: the request then
 * starts unconstrained). Read before the request's capabilities exist, so it takes the environment.
 */
export function carriedD1Bookmark(c: Context<WorkerEnv>, environment: AppConfig["environment"]): D1SessionBookmark | null {
  const carried = c.req.header(D1_BOOKMARK_HEADER) ?? getCookie(c, cookieNames(environment, protocolOf(c)).d1Bookmark);
  const value = carried?.trim();
  return value !== undefined && D1_BOOKMARK.test(value) ? value : null;
}

/**
 * Puts the session's bookmark on the answer (the header and the cookie), after the handler ran. An answer shared
 * caches may keep gets neither: a cached `Set-Cookie` would hand one visitor's bookmark to the next.
 */
export function returnD1Bookmark(c: Context<WorkerEnv>, bookmark: D1SessionBookmark | null): void {
  if (bookmark === null || sharedCacheable(c.res.headers.get("Cache-Control") ?? "")) return;
  const { d1Bookmark, secure } = cookieNames(c.get("capabilities").config.environment, protocolOf(c));
  const cookie = generateCookie(d1Bookmark, bookmark, { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: D1_BOOKMARK_MAX_AGE });
  if (trySetHeader(c.res, D1_BOOKMARK_HEADER, bookmark)) c.res.headers.append("Set-Cookie", cookie);
  else {
    c.header(D1_BOOKMARK_HEADER, bookmark);
    c.header("Set-Cookie", cookie, { append: true });
  }
}
