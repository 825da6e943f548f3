import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { HOUR } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { findSession } from "../../../worker/db/sessions.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { issueTokens, refreshTokens, startSession } from "../../../worker/domain/accounts/sessions.ts";
import { buildUser } from "../../../fixtures/factories.ts";

const signingKey = String(Reflect.get(env, "JWT_SIGNING_KEY"));

/** A signed-in browser of a new user: its session and first token pair, on a clock the test moves. */
async function signedIn(handle: string, clock = fixedClock(Date.now())) {
  const deps = { db: env.DB, signingKey, clock };
  await env.DB.batch(insertUserStatements(env.DB, buildUser(handle, clock.now()), ["creator"]));
  const started = await startSession(deps, { userId: `user-${handle}`, realUserId: null });
  const session = await findSession(env.DB, started.sessionId);
  if (session === null) throw new Error("session missing");
  return { deps, clock, sessionId: session.id, pair: await issueTokens(deps, session) };
}

const isRevoked = async (sessionId: string) => (await findSession(env.DB, sessionId))?.revokedAt !== null;

describe("refresh token reuse", () => {
  it("refuses a spent token within 2 s as two tabs racing, and keeps the session", async () => {
    const { deps, clock, sessionId, pair } = await signedIn("racing_tabs");
    const next = await refreshTokens(deps, pair);
    clock.advance(2_000);
    await expect(refreshTokens(deps, pair)).rejects.toMatchObject({ status: 401, code: "refresh_token_used" });
    expect(await isRevoked(sessionId)).toBe(false);
    await expect(refreshTokens(deps, next)).resolves.toMatchObject({ refreshToken: expect.any(String) });
  });

  it("revokes the whole session when a spent token comes back more than 2 s later", async () => {
    const { deps, clock, sessionId, pair } = await signedIn("late_replay");
    const next = await refreshTokens(deps, pair);
    clock.advance(2_001);
    await expect(refreshTokens(deps, pair)).rejects.toMatchObject({ status: 401, message: expect.stringMatching(/^X: /) });
    expect(await isRevoked(sessionId)).toBe(true);
    await expect(refreshTokens(deps, next)).rejects.toMatchObject({ message: expect.stringMatching(/^X: /) });
  });

  it("does not spend a stolen refresh token presented with another session's access token", async () => {
    const victim = await signedIn("victim_vera");
    const thief = await signedIn("thief_theo", victim.clock);
    const stolen = { accessToken: thief.pair.accessToken, refreshToken: victim.pair.refreshToken };
    await expect(refreshTokens(thief.deps, stolen)).rejects.toMatchObject({ status: 401, code: "invalid_refresh_token" });

    // Long after any grace, the victim's own refresh still works: the thief's attempt spent nothing.
    victim.clock.advance(HOUR);
    await expect(refreshTokens(victim.deps, victim.pair)).resolves.toMatchObject({ refreshToken: expect.any(String) });
    expect(await isRevoked(victim.sessionId)).toBe(false);
    expect(await isRevoked(thief.sessionId)).toBe(false);
  });
});
