import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { BROWSER_BINDING_MAX_AGE } from "../domain/accounts/login.ts";
import { SESSION_TTL } from "../domain/accounts/sessions.ts";

/**
 * Two cookies, both HttpOnly (scripts never see them) and SameSite=Lax (not sent on cross-site subrequests):
 * the session, which lets server rendering know who is signed in, and the sign-in binding, which ties an OAuth
 * state to the browser that started it (docs/decisions/006-sessions.md).
 */
const sessionCookie = "chorus_session";
const bindingCookie = "chorus_login_binding";

const secure = (c: Context) => new URL(c.req.url).protocol === "https:";

export function readSessionCookie(c: Context): string | undefined {
  return getCookie(c, sessionCookie);
}

export function writeSessionCookie(c: Context, value: string): void {
  setCookie(c, sessionCookie, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c),
    path: "/",
    maxAge: SESSION_TTL / 1000,
  });
}

export function clearSessionCookie(c: Context): void {
  deleteCookie(c, sessionCookie, { path: "/", secure: secure(c) });
}

export function readBrowserBinding(c: Context): string | undefined {
  return getCookie(c, bindingCookie);
}

export function writeBrowserBinding(c: Context, value: string): void {
  setCookie(c, bindingCookie, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: secure(c),
    path: "/auth/twitter",
    maxAge: BROWSER_BINDING_MAX_AGE,
  });
}
