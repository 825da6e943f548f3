import { base64url, fromBase64 } from "./encoding.ts";

/**
 * AES-256-GCM for secrets we must be able to read back (X's tokens for a user). The output is
 * `v1.{iv}.{ciphertext}`, base64url; the version prefix leaves room for key rotation.
 */
const keys = new Map<string, Promise<CryptoKey>>();

function importKey(base64Key: string): Promise<CryptoKey> {
  let key = keys.get(base64Key);
  if (key === undefined) {
    key = crypto.subtle.importKey("raw", fromBase64(base64Key), "AES-GCM", false, ["encrypt", "decrypt"]);
    keys.set(base64Key, key);
  }
  return key;
}

export async function encryptSecret(plaintext: string, base64Key: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await importKey(base64Key), new TextEncoder().encode(plaintext));
  return `v1.${base64url(iv)}.${base64url(new Uint8Array(ciphertext))}`;
}

export async function decryptSecret(sealed: string, base64Key: string): Promise<string> {
  const [version, iv, ciphertext] = sealed.split(".");
  if (version !== "v1" || iv === undefined || ciphertext === undefined) throw new Error("Unknown secret format");
  const plaintext = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: fromBase64(iv) },
    await importKey(base64Key),
    fromBase64(ciphertext),
  );
  return new TextDecoder().decode(plaintext);
}
