import { env } from "cloudflare:test";
import { systemClock } from "../../worker/clock.ts";
import { startSession } from "../../worker/domain/accounts/sessions.ts";

/** A session cookie for a seeded user, as if they had signed in (for tests about pages, not about signing in). */
export async function sessionCookieFor(userId: string): Promise<string> {
  const session = await startSession({ db: env.DB, clock: systemClock }, { userId, realUserId: null });
  return `chorus_session=${session.cookieValue}`;
}
