import { derivedHmacKey } from "../../security/derived-keys.ts";
import { hex } from "../../security/encoding.ts";

/**
 * Keyed hashes of a visitor's network address and device (HMAC-SHA-256): equal inputs give equal hashes, so fraud
 * checks can tell that clicks came from one place, but the address cannot be recovered by hashing every IPv4
 * address, as a plain hash would allow. The key is derived with HKDF from the token encryption key, for this use
 * only, so no new secret has to be deployed.
 */
const fingerprintKey = (encryptionKeyBase64: string) => derivedHmacKey(encryptionKeyBase64, "chorus referral click fingerprint v1");

/**
 * The first 8 bytes of HMAC-SHA-256(`value`), in hex (16 digits, enough to count clicks by source without collisions
 * that matter, and short enough for a click id to carry two): `kind` keeps an address from matching a device id.
 */
export async function fingerprint(encryptionKeyBase64: string, kind: "address" | "device", value: string): Promise<string> {
  const signature = await crypto.subtle.sign(
    "HMAC",
    await fingerprintKey(encryptionKeyBase64),
    new TextEncoder().encode(`${kind}:${value}`),
  );
  return hex(new Uint8Array(signature, 0, 8));
}
