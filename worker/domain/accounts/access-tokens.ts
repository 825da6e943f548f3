import { sign, verify } from "hono/jwt";
import { AppError } from "../../contracts/errors.ts";
import type { Clock } from "../../clock.ts";
import { keepBounded } from "../../isolate-memory.ts";

/** Short-lived bearer tokens: HS256 JWTs, algorithm pinned, issuer, audience and token type checked. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
const issuer = "chorus";
const audience = "chorus-api";
const tokenType = "access";

export type AccessClaims = { userId: string; sessionId: string; realUserId: string | null; expiresAt: number };

export function signAccessToken(
  signingKey: string,
  clock: Clock,
  subject: { userId: string; sessionId: string; realUserId: string | null },
): Promise<string> {
  const issuedAt = Math.floor(clock.now() / 1000);
  return sign(
    {
      iss: issuer,
      aud: audience,
      typ: tokenType,
      sub: subject.userId,
      sid: subject.sessionId,
      ...(subject.realUserId === null ? {} : { rui: subject.realUserId }),
      iat: issuedAt,
      exp: issuedAt + ACCESS_TOKEN_TTL_SECONDS,
    },
    signingKey,
    "HS256",
  );
}

/*
 * The verifying key of a signing key, imported once per isolate: handed the string, the JWT library imports it again
 * for every request.
 */
const verifyingKeys = new Map<string, Promise<CryptoKey>>();

function verifyingKeyOf(signingKey: string): Promise<CryptoKey> {
  let key = verifyingKeys.get(signingKey);
  if (key === undefined) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(signingKey), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    verifyingKeys.set(signingKey, key);
  }
  return key;
}

/**
 * Checks signature, issuer, audience and type; expiry against our clock (not the machine's), unless the caller
 * only needs to know who the token was for (`POST /auth/token` pairs an expired access token with a refresh token).
 */
export async function verifyAccessToken(
  token: string,
  signingKey: string,
  clock: Clock,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims> {
  const verified = verifiedTokens.get(token);
  const claims = verified?.signingKey === signingKey ? verified.claims : await checkedClaims(token, signingKey);
  if (!options.allowExpired && claims.expiresAt <= clock.now()) {
    throw new AppError(401, "token_expired", "Access token expired");
  }
  return claims;
}

/*
 * Tokens this isolate has verified, by the whole token (its signature included), so a browser's calls during the
 * token's 15 minutes check its signature once. Expiry is still checked on every use, against the request's clock.
 */
const MAX_VERIFIED_TOKENS = 10_000;
const verifiedTokens = new Map<string, { signingKey: string; claims: AccessClaims }>();

async function checkedClaims(token: string, signingKey: string): Promise<AccessClaims> {
  let payload: Record<string, unknown>;
  try {
    payload = await verify(token, await verifyingKeyOf(signingKey), {
      alg: "HS256",
      iss: issuer,
      aud: audience,
      exp: false,
      iat: false,
      nbf: false,
    });
  } catch {
    throw new AppError(401, "invalid_token", "Your sign-in is not valid. Please sign in again.");
  }
  const { sub, sid, rui, exp, typ } = payload;
  if (typ !== tokenType || typeof sub !== "string" || typeof sid !== "string" || typeof exp !== "number") {
    throw new AppError(401, "invalid_token", "Your sign-in is not valid. Please sign in again.");
  }
  const claims = { userId: sub, sessionId: sid, realUserId: typeof rui === "string" ? rui : null, expiresAt: exp * 1000 };
  keepBounded(verifiedTokens, token, { signingKey, claims }, MAX_VERIFIED_TOKENS);
  return claims;
}
