import type { Capabilities } from "../../capabilities.ts";
import { checkIngestBody, type IngestResult } from "../../contracts/conversions.ts";
import { AppError, invalidRequest } from "../../contracts/errors.ts";
import { findApiKeyByKeyId, touchApiKeyStatement } from "../../db/api-keys.ts";
import { storeConversionBatch } from "../../db/conversions.ts";
import { constantTimeEqual, sha256 } from "../../security/tokens.ts";

/**
 * Conversion ingestion (docs/decisions/018-conversion-ingestion.md): authenticate the key, check every event, store
 * the valid ones idempotently and match them to verified wallets and attribution, in two D1 round trips per call
 * (the key read, then one batch with the insert and the matching update).
 */

/** `last_used_at` is written at most this often per key, so most calls only read the key. */
export const KEY_TOUCH_INTERVAL_MS = 60_000;

/** Compared against when the key id is unknown, so an unknown key costs the same as a wrong secret. */
const UNKNOWN_KEY_HASH = "unknown-key-0000000000000000000000000000000";

function unauthorized(): AppError {
  return new AppError(401, "invalid_api_key", "The api-key and api-secret headers do not name a valid, unrevoked API key.", [
    { loc: ["header", "api-key"], msg: "must be a valid key id with its secret in api-secret" },
  ]);
}

export type IngestKey = { id: string; keyId: string; advertiserId: string; lastUsedAt: number | null };

/** The key the headers name, checked in constant time; 401 with one message for a missing, unknown, wrong or revoked key. */
export async function authenticateIngestKey(
  caps: Pick<Capabilities, "db">,
  keyId: string | undefined,
  secret: string | undefined,
): Promise<IngestKey> {
  if (keyId === undefined || secret === undefined || keyId === "" || secret === "" || keyId.length > 200 || secret.length > 200) {
    throw unauthorized();
  }
  const key = await findApiKeyByKeyId(caps.db, keyId);
  const secretOk = await constantTimeEqual(await sha256(secret), key?.secretHash ?? UNKNOWN_KEY_HASH);
  if (key === null || !secretOk || key.revokedAt !== null) throw unauthorized();
  return { id: key.id, keyId: key.keyId, advertiserId: key.advertiserId, lastUsedAt: key.lastUsedAt };
}

/**
 * Stores what is valid. A body that is not an event or a batch of 1–100, or a batch where no event is valid (one
 * bare event that is invalid included), is a 400 naming each field with its index and nothing is stored; otherwise
 * the valid events are stored and the invalid ones come back in `rejected` with the same field errors.
 */
export async function ingestConversions(caps: Pick<Capabilities, "db" | "clock">, key: IngestKey, body: unknown): Promise<IngestResult> {
  const checkedBody = checkIngestBody(body);
  if (!checkedBody.ok) throw invalidRequest(checkedBody.detail);
  const { valid, rejected } = checkedBody.checked;
  if (valid.length === 0) throw invalidRequest(rejected.flatMap((event) => event.detail));

  const now = caps.clock.now();
  const touch = key.lastUsedAt === null || key.lastUsedAt <= now - KEY_TOUCH_INTERVAL_MS;
  const stored = await storeConversionBatch(
    caps.db,
    key.advertiserId,
    valid.map((item) => item.event),
    now,
    touch ? [touchApiKeyStatement(caps.db, key.id, now, KEY_TOUCH_INTERVAL_MS)] : [],
  );

  const firstSeen = new Set<string>();
  const results = valid.map(({ index, event }) => {
    const accepted = stored.insertedEventIds.has(event.eventId) && !firstSeen.has(event.eventId);
    firstSeen.add(event.eventId);
    return { index, eventId: event.eventId, status: accepted ? ("accepted" as const) : ("duplicate" as const) };
  });
  const accepted = stored.insertedEventIds.size;
  return {
    received: valid.length + rejected.length,
    accepted,
    duplicates: valid.length - accepted,
    matched: stored.matched,
    unmatched: accepted - stored.matched,
    rejected,
    results,
  };
}
