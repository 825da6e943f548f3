import { fromBase64 } from "./encoding.ts";

const keys = new Map<string, Promise<CryptoKey>>();

/**
 * An HMAC-SHA-256 key derived with HKDF from the token encryption key for one use, named by `info`, so no new secret
 * has to be deployed and a key for one use says nothing of another's. Derived once per isolate, key and use.
 */
export function derivedHmacKey(encryptionKeyBase64: string, info: string): Promise<CryptoKey> {
  const cacheKey = `${info}\u0000${encryptionKeyBase64}`;
  let key = keys.get(cacheKey);
  if (key === undefined) {
    key = crypto.subtle
      .importKey("raw", fromBase64(encryptionKeyBase64), "HKDF", false, ["deriveKey"])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: new TextEncoder().encode(info) },
          base,
          { name: "HMAC", hash: "SHA-256", length: 256 },
          false,
          ["sign", "verify"],
        ),
      );
    keys.set(cacheKey, key);
  }
  return key;
}
