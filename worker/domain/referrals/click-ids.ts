import { DAY } from "../../clock.ts";
import { derivedHmacKey } from "../../security/derived-keys.ts";
import { base64url, fromBase64, hex } from "../../security/encoding.ts";

/**
 * Click ids that carry their click (docs/decisions/050-clicks-off-the-visit-path.md): `clk_` and, in base64url, the
 * link's code, when the visit happened, the campaign's attribution window then, whether the link's own creator was
 * signed in on the visiting browser, the keyed hashes of the device and the network address, 4 random bytes (two
 * visits are two clicks), and an HMAC-SHA-256 over all of it. Ingestion and risk scoring read a click from its id
 * alone, so a visit writes nothing the conversion that follows must wait for, and no store holds a click per visit.
 * The HMAC key is derived with HKDF from the token encryption key, for this use only: a click id cannot be made up
 * or altered to claim a conversion.
 */
export type SealedClick = {
  code: string;
  at: number;
  attributionWindowDays: number;
  byCreator: boolean;
  /** 16 hex digits (fingerprints.ts). */
  deviceHash: string;
  addressHash: string;
};

export type OpenedClick = SealedClick & { clickId: string; expiresAt: number };

const VERSION = 1;
const PAYLOAD_BYTES = 35;
const MAC_BYTES = 32;
const PREFIX = "clk_";

const clickIdKey = (encryptionKeyBase64: string) => derivedHmacKey(encryptionKeyBase64, "chorus referral click id v1");

function hexBytes(text: string, length: number): Uint8Array {
  if (!new RegExp(`^[0-9a-f]{${length * 2}}$`).test(text)) throw new Error(`Expected ${length * 2} hex digits`);
  return Uint8Array.from({ length }, (_, index) => Number.parseInt(text.slice(index * 2, index * 2 + 2), 16));
}

function payloadOf(click: SealedClick): Uint8Array<ArrayBuffer> {
  if (!Number.isSafeInteger(click.at) || click.at < 0 || click.at >= 2 ** 48) throw new Error("A click's time is out of range");
  if (!Number.isInteger(click.attributionWindowDays) || click.attributionWindowDays < 0 || click.attributionWindowDays > 255) {
    throw new Error("An attribution window is 0 to 255 days");
  }
  const payload = new Uint8Array(PAYLOAD_BYTES);
  const view = new DataView(payload.buffer);
  payload[0] = VERSION;
  payload.set(hexBytes(click.code, 6), 1);
  view.setUint16(7, Math.floor(click.at / 2 ** 32));
  view.setUint32(9, click.at % 2 ** 32);
  payload[13] = click.attributionWindowDays;
  payload[14] = click.byCreator ? 1 : 0;
  payload.set(hexBytes(click.deviceHash, 8), 15);
  payload.set(hexBytes(click.addressHash, 8), 23);
  payload.set(crypto.getRandomValues(new Uint8Array(4)), 31);
  return payload;
}

/** A new click id for `click`. */
export async function sealClickId(encryptionKeyBase64: string, click: SealedClick): Promise<string> {
  const payload = payloadOf(click);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", await clickIdKey(encryptionKeyBase64), payload));
  const sealed = new Uint8Array(PAYLOAD_BYTES + MAC_BYTES);
  sealed.set(payload, 0);
  sealed.set(mac, PAYLOAD_BYTES);
  return `${PREFIX}${base64url(sealed)}`;
}

/** The click a click id carries, or null for an id this worker did not make (or one altered since). */
export async function openClickId(encryptionKeyBase64: string, clickId: string): Promise<OpenedClick | null> {
  if (!clickId.startsWith(PREFIX)) return null;
  let sealed: Uint8Array<ArrayBuffer>;
  try {
    sealed = fromBase64(clickId.slice(PREFIX.length));
  } catch {
    return null;
  }
  if (sealed.length !== PAYLOAD_BYTES + MAC_BYTES || sealed[0] !== VERSION) return null;
  const payload = sealed.slice(0, PAYLOAD_BYTES);
  const genuine = await crypto.subtle.verify("HMAC", await clickIdKey(encryptionKeyBase64), sealed.slice(PAYLOAD_BYTES), payload);
  if (!genuine) return null;
  const view = new DataView(payload.buffer);
  const at = view.getUint16(7) * 2 ** 32 + view.getUint32(9);
  const attributionWindowDays = payload[13] ?? 0;
  return {
    clickId,
    code: hex(payload.subarray(1, 7)),
    at,
    attributionWindowDays,
    expiresAt: at + attributionWindowDays * DAY,
    byCreator: payload[14] === 1,
    deviceHash: hex(payload.subarray(15, 23)),
    addressHash: hex(payload.subarray(23, 31)),
  };
}
