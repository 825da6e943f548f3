/**
 * Signed webhooks (docs/decisions/032-spec-server-items.md section 4), in the scheme of Stripe's: the sender puts
 * `t={unix seconds},v1={hex HMAC-SHA256 of "{t}.{raw body}"}` in a header, so the timestamp is signed with the body and
 * cannot be swapped for a fresher one. Checked with WebCrypto's HMAC verify, which compares in constant time; nothing
 * here compares signature bytes by hand.
 */

/** A delivery signed longer ago than this (or this far in the future) is refused as a possible replay. */
export const WEBHOOK_TOLERANCE_MS = 5 * 60 * 1000;

export type SignatureCheck =
  { ok: true; signedAt: number } | { ok: false; problem: "missing" | "malformed" | "stale" | "mismatch"; message: string };

const encoder = new TextEncoder();

function hexBytes(hex: string): Uint8Array<ArrayBuffer> | null {
  if (!/^(?:[0-9a-f]{2})+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1) bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/** `t=…,v1=…` (in any order, other schemes ignored); null when either part is missing or malformed. */
function parseHeader(header: string): { timestamp: string; signatures: Uint8Array<ArrayBuffer>[] } | null {
  let timestamp: string | null = null;
  const signatures: Uint8Array<ArrayBuffer>[] = [];
  for (const part of header.split(",")) {
    const [key, value] = part.trim().split("=", 2);
    if (key === "t" && value !== undefined && /^\d{1,12}$/.test(value)) timestamp = value;
    if (key === "v1" && value !== undefined) {
      const bytes = hexBytes(value);
      if (bytes === null || bytes.length !== 32) return null;
      signatures.push(bytes);
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures };
}

const keys = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (key === undefined) {
    key = crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    keys.set(secret, key);
  }
  return key;
}

/** Whether `header` signs `rawBody` with `secret`, recently enough at `now`. */
export async function checkWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  rawBody: string;
  now: number;
}): Promise<SignatureCheck> {
  if (input.header === undefined || input.header.trim() === "") {
    return { ok: false, problem: "missing", message: "is required: t={unix seconds},v1={hex HMAC-SHA256}" };
  }
  const parsed = parseHeader(input.header);
  if (parsed === null) return { ok: false, problem: "malformed", message: "must be t={unix seconds},v1={64 hex digits}" };
  const signedAt = Number(parsed.timestamp) * 1000;
  if (Math.abs(input.now - signedAt) > WEBHOOK_TOLERANCE_MS) {
    return { ok: false, problem: "stale", message: "was signed more than 5 minutes from now: refused as a possible replay" };
  }
  const key = await hmacKey(input.secret);
  const signed = encoder.encode(`${parsed.timestamp}.${input.rawBody}`);
  for (const signature of parsed.signatures) {
    if (await crypto.subtle.verify("HMAC", key, signature, signed)) return { ok: true, signedAt };
  }
  return { ok: false, problem: "mismatch", message: "does not match the body: not signed with the shared secret" };
}
