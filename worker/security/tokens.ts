import { base64url } from "./encoding.ts";

/** An unguessable token: `bytes` random bytes in base64url (32 bytes = 256 bits). */
export function randomToken(bytes = 32): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

/** Tokens are stored only as their SHA-256, so a database leak does not leak usable tokens. */
export async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return base64url(new Uint8Array(digest));
}

/** Compares two secrets in time that does not depend on where they differ. */
export async function constantTimeEqual(given: string, expected: string): Promise<boolean> {
  // Hashing first gives equal-length inputs, so the length of the secret does not leak either.
  const [a, b] = await Promise.all([sha256(given), sha256(expected)]);
  let difference = 0;
  for (let index = 0; index < a.length; index += 1) difference |= a.charCodeAt(index) ^ b.charCodeAt(index);
  return difference === 0;
}

/** PKCE (RFC 7636) S256: the challenge sent to X for a verifier kept on our side. */
export async function pkceChallenge(verifier: string): Promise<string> {
  return sha256(verifier);
}
