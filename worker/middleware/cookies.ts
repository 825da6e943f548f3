import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import type { AppConfig } from "../config.ts";
import { BROWSER_BINDING_MAX_AGE } from "../domain/accounts/login.ts";
import { SESSION_TTL } from "../domain/accounts/sessions.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * Three cookies, all HttpOnly (scripts never see them) and SameSite=Lax (not sent on cross-site subrequests):
 * the session, which lets server rendering know who is signed in, the sign-in binding, which ties an OAuth
 * state to the browser that started it (docs/decisions/006-sessions.md, 025-tokens-cookies-redirects.md), and the D1
 * bookmark, where the browser's last request left the database (worker/middleware/d1-bookmark.ts, 035-read-replicas.md).
 *
 * Whenever the cookies are Secure (always in production, whatever scheme the request arrived on; locally over
 * https) their names carry the browsers' prefixes: `__Host-` for the session and the bookmark (Secure, Path=/, no
 * Domain, so no subdomain or plain-http page can plant or shadow them) and `__Secure-` for the binding (its Path is
 * /auth, where every network's sign-in and callback are: /auth/twitter/…, /auth/bluesky/…).
 * Browsers refuse prefixed cookies without Secure, so http://127.0.0.1 keeps the plain names. Each mode reads only
 * its own name: reading the plain name in production would reopen the hole the prefix closes.
 */
/** Every network's sign-in starts and comes back under /auth, and only there is the binding sent. */
const BINDING_PATH = "/auth";

type CookieNames = { session: string; binding: string; d1Bookmark: string; secure: boolean };

export function cookieNames(environment: AppConfig["environment"], requestProtocol: string): CookieNames {
  const secure = environment === "production" || requestProtocol === "https:";
  return secure
    ? { session: "__Host-chorus_session", binding: "__Secure-chorus_login_binding", d1Bookmark: "__Host-chorus_d1_bookmark", secure }
    : { session: "chorus_session", binding: "chorus_login_binding", d1Bookmark: "chorus_d1_bookmark", secure };
}

const namesFor = (c: Context<WorkerEnv>) =>
  cookieNames(c.get("capabilities").config.environment, c.req.url.startsWith("https:") ? "https:" : "http:");

export function readSessionCookie(c: Context<WorkerEnv>): string | undefined {
  return getCookie(c, namesFor(c).session);
}

export function writeSessionCookie(c: Context<WorkerEnv>, value: string): void {
  const { session, secure } = namesFor(c);
  setCookie(c, session, value, { httpOnly: true, sameSite: "Lax", secure, path: "/", maxAge: SESSION_TTL / 1000 });
}

export function clearSessionCookie(c: Context<WorkerEnv>): void {
  const { session, secure } = namesFor(c);
  deleteCookie(c, session, { path: "/", secure });
}

export function readBrowserBinding(c: Context<WorkerEnv>): string | undefined {
  return getCookie(c, namesFor(c).binding);
}

export function writeBrowserBinding(c: Context<WorkerEnv>, value: string): void {
  const { binding, secure } = namesFor(c);
  setCookie(c, binding, value, { httpOnly: true, sameSite: "Lax", secure, path: BINDING_PATH, maxAge: BROWSER_BINDING_MAX_AGE });
}

/** After the callback the binding has done its job; a later sign-in sets a new one. */
export function clearBrowserBinding(c: Context<WorkerEnv>): void {
  const { binding, secure } = namesFor(c);
  deleteCookie(c, binding, { path: BINDING_PATH, secure });
}
