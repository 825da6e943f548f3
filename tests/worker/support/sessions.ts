import { env } from "cloudflare:test";
import { systemClock } from "../../../worker/clock.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { issueTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";

/** A session cookie for a seeded user, as if they had signed in (for tests about pages, not about signing in). */
export async function sessionCookieFor(userId: string): Promise<string> {
  const session = await startSession({ db: env.DB, clock: systemClock }, { userId, realUserId: null });
  return `chorus_session=${session.cookieValue}`;
}

/** An Authorization header for a seeded user's new session, as the browser's API client would send it. */
export async function bearerFor(userId: string): Promise<string> {
  const started = await startSession({ db: env.DB, clock: systemClock }, { userId, realUserId: null });
  const session = await findSession(env.DB, started.sessionId);
  if (session === null) throw new Error(`No session for ${userId}`);
  const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));
  const { accessToken } = await issueTokens({ db: env.DB, clock: systemClock, signingKey }, session);
  return `Bearer ${accessToken}`;
}
