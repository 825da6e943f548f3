import { createHash, timingSafeEqual } from "node:crypto";
import type { CodeChallengeMethod } from "./state.ts";

/** RFC 7636: 43–128 characters from the unreserved set. Challenges obey the same rule. */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

export function isPkceValue(value: string): boolean {
  return PKCE_VALUE.test(value);
}

export function s256Challenge(verifier: string): string {
  return createHash("sha256").update(verifier, "ascii").digest("base64url");
}

export function verifierMatches(verifier: string, challenge: string, method: CodeChallengeMethod): boolean {
  const expected = Buffer.from(challenge);
  const actual = Buffer.from(method === "S256" ? s256Challenge(verifier) : verifier);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
