import { createMiddleware } from "hono/factory";
import { AppError } from "../contracts/errors.ts";
import { liveSessionForToken, sessionEnded, sessionForTokenReads } from "../domain/accounts/sessions.ts";
import type { SignedInEnv } from "../worker-env.ts";

/** The bearer token of a request, or null. */
export function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1] ?? null;
}

/**
 * Reads the bearer token; a missing, invalid or expired one is a 401 the browser's client knows how to handle.
 * Handlers behind it see `c.var.session` as present (SignedInEnv).
 */
export const requireBearer = createMiddleware<SignedInEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null) throw new AppError(401, "unauthenticated", "Sign in to continue");
  const capabilities = c.get("capabilities");
  c.set("session", await capabilities.timings.measure("session", () => liveSessionForToken(capabilities, token)));
  await next();
});

/**
 * `requireBearer` for endpoints that only read (the page JSON): the session's revocation check rides with the
 * handler's D1 batch, and the answer is a 401 instead if the session had ended by then.
 */
export const requireBearerForReads = createMiddleware<SignedInEnv>(async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (token === null) throw new AppError(401, "unauthenticated", "Sign in to continue");
  const capabilities = c.get("capabilities");
  const claim = await capabilities.timings.measure("session", () => sessionForTokenReads(capabilities, token));
  c.set("session", claim.session);
  await next();
  if (!(await claim.stillLive())) throw sessionEnded();
});
