import { RECOVERY_CODE_COUNT, recoveryCodePattern } from "../../contracts/settings.ts";
import { sha256 } from "../../security/tokens.ts";

/**
 * Two-factor recovery codes: ten per set-up, ten characters each from an alphabet without look-alikes (no 0/o,
 * 1/l/i), about 49 bits of randomness; shown once as `xxxxx-xxxxx`, stored as SHA-256 hashes, each accepted once.
 */
const ALPHABET = "23456789abcdefghjkmnpqrstuvwxyz";
const CODE_LENGTH = 10;
/** The largest multiple of the alphabet's size a byte holds: bytes at or above it are drawn again (no modulo bias). */
const UNBIASED_LIMIT = Math.floor(256 / ALPHABET.length) * ALPHABET.length;

/** One recovery code as shown to the person: `7kq2m-x9pfa`. */
export function randomRecoveryCode(random: (into: Uint8Array<ArrayBuffer>) => Uint8Array = (into) => crypto.getRandomValues(into)): string {
  let code = "";
  const bytes = new Uint8Array(CODE_LENGTH * 2);
  while (code.length < CODE_LENGTH) {
    for (const byte of random(bytes)) {
      if (byte < UNBIASED_LIMIT && code.length < CODE_LENGTH) code += ALPHABET.charAt(byte % ALPHABET.length);
    }
  }
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** A fresh set of distinct recovery codes. */
export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(randomRecoveryCode());
  return [...codes];
}

/** The code as compared: lower case, without spaces and dashes; null when it cannot be a recovery code. */
export function normalizeRecoveryCode(input: string): string | null {
  const normalized = input.toLowerCase().replace(/[\s-]/g, "");
  return recoveryCodePattern.test(normalized) ? normalized : null;
}

/** The stored form of a recovery code. */
export function hashRecoveryCode(userId: string, code: string): Promise<string> {
  const normalized = normalizeRecoveryCode(code);
  if (normalized === null) throw new Error("Not a recovery code");
  return sha256(`recovery:${userId}:${normalized}`);
}
