import { describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock.ts";
import { ACCESS_TOKEN_TTL_SECONDS, signAccessToken, verifyAccessToken } from "../../worker/domain/accounts/access-tokens.ts";

const signingKey = "a-signing-key-of-thirty-two-chars!";
const subject = { userId: "user-ada", sessionId: "ses_one", realUserId: null };

describe("access tokens, verified once per isolate", () => {
  it("a token verified before still expires by the request's clock", async () => {
    const clock = fixedClock(Date.UTC(2026, 10, 24, 8));
    const token = await signAccessToken(signingKey, clock, subject);
    expect(await verifyAccessToken(token, signingKey, clock)).toMatchObject({ userId: "user-ada", sessionId: "ses_one" });
    expect(await verifyAccessToken(token, signingKey, clock)).toMatchObject({ userId: "user-ada" });
    clock.advance(ACCESS_TOKEN_TTL_SECONDS * 1000);
    await expect(verifyAccessToken(token, signingKey, clock)).rejects.toMatchObject({ status: 401, code: "token_expired" });
    expect(await verifyAccessToken(token, signingKey, clock, { allowExpired: true })).toMatchObject({ sessionId: "ses_one" });
  });

  it("a token verified before is refused under another signing key, and a changed signature never passes", async () => {
    const clock = fixedClock(Date.UTC(2026, 10, 24, 9));
    const token = await signAccessToken(signingKey, clock, subject);
    await verifyAccessToken(token, signingKey, clock);
    await expect(verifyAccessToken(token, "another-signing-key-of-32-chars!!", clock)).rejects.toMatchObject({ code: "invalid_token" });
    const forged = `${token.slice(0, -4)}${token.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    await expect(verifyAccessToken(forged, signingKey, clock)).rejects.toMatchObject({ code: "invalid_token" });
    clock.advance(60_000);
    expect(await verifyAccessToken(token, signingKey, clock)).toMatchObject({ userId: "user-ada" });
  });
});
