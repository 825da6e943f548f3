import { createHash, randomBytes } from "node:crypto";

const BASE32_SORTABLE = "234567abcdefghijklmnopqrstuvwxyz";
const BASE32_LOWER = "abcdefghijklmnopqrstuvwxyz234567";

function base32(bytes: Uint8Array, alphabet: string): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += alphabet[(value << (5 - bits)) & 31];
  return out;
}

/** A did:plc identifier as the PLC directory makes them: 24 base32 characters of a hash (here of the handle and time). */
export function newPlcDid(handle: string, now: number): string {
  const digest = createHash("sha256")
    .update(`${handle}:${now}:${randomBytes(8).toString("hex")}`)
    .digest();
  return `did:plc:${base32(digest, BASE32_LOWER).slice(0, 24)}`;
}

let lastTidMicros = 0;

/**
 * A record key as Bluesky makes them (a TID): 13 sortable base32 characters of microseconds since 1970 and a clock
 * id, so keys sort by creation time.
 */
export function nextTid(now: number): string {
  const micros = Math.max(now * 1000, lastTidMicros + 1);
  lastTidMicros = micros;
  let value = (BigInt(micros) << 10n) | BigInt(randomBytes(1)[0] ?? 0);
  let out = "";
  for (let index = 0; index < 13; index += 1) {
    out = BASE32_SORTABLE[Number(value & 31n)] + out;
    value >>= 5n;
  }
  return out;
}

/**
 * A CIDv1 (sha2-256) of some bytes, in base32 as atproto shows them: `bafyrei…` for records (dag-cbor codec),
 * `bafkrei…` for blobs (raw codec). Records are hashed as JSON here, not as DAG-CBOR: nobody checks that.
 */
export function cidOf(bytes: Uint8Array, codec: "dag-cbor" | "raw"): string {
  const digest = createHash("sha256").update(bytes).digest();
  const prefix = [0x01, codec === "raw" ? 0x55 : 0x71, 0x12, 0x20];
  return `b${base32(Uint8Array.from([...prefix, ...digest]), BASE32_LOWER)}`;
}

/** An opaque credential (request URI part, code, access or refresh token, DPoP nonce). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}
