import type { Capabilities } from "../../capabilities.ts";
import { checkIngestBody, type Attribution, type IngestResult } from "../../contracts/conversions.ts";
import { AppError, invalidRequest } from "../../contracts/errors.ts";
import { findApiKeyByKeyId, touchApiKeyStatement } from "../../db/api-keys.ts";
import { storeConversionBatch } from "../../db/conversions.ts";
import { findCustomerAttributions, findRecentOrders, rememberCustomersStatement } from "../../db/referral-links.ts";
import { resolveClicks } from "../referrals/resolve-clicks.ts";
import { creditEvents } from "./credit.ts";
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
export async function ingestConversions(
  caps: Pick<Capabilities, "db" | "clock" | "encryptionKey">,
  key: IngestKey,
  body: unknown,
): Promise<IngestResult> {
  const checkedBody = checkIngestBody(body);
  if (!checkedBody.ok) throw invalidRequest(checkedBody.detail);
  const { valid, rejected } = checkedBody.checked;
  if (valid.length === 0) throw invalidRequest(rejected.flatMap((event) => event.detail));

  const now = caps.clock.now();
  const events = valid.map((item) => item.event);
  // What the events' click, customer and order ids refer to: the clicks read from their ids (their links from memory
  // or one D1 read) and up to two D1 reads, side by side, and only for the ids a batch carries.
  const customerIds = [...new Set(events.flatMap((event) => (event.customerId === null ? [] : [event.customerId])))];
  const orderIds = [...new Set(events.flatMap((event) => (event.orderId === null ? [] : [event.orderId])))];
  const [clicks, customers, recentOrders] = await Promise.all([
    resolveClicks(
      caps,
      events.flatMap((event) => (event.clickId === null ? [] : [event.clickId])),
      now,
    ),
    findCustomerAttributions(caps.db, key.advertiserId, customerIds, now),
    findRecentOrders(caps.db, key.advertiserId, orderIds, now),
  ]);
  const credited = creditEvents(events, { advertiserId: key.advertiserId, clicks, customers, recentOrders });

  const touch = key.lastUsedAt === null || key.lastUsedAt <= now - KEY_TOUCH_INTERVAL_MS;
  const stored = await storeConversionBatch(caps.db, key.advertiserId, credited.toStore, now, [
    ...(credited.customersToRemember.length === 0
      ? []
      : [rememberCustomersStatement(caps.db, key.advertiserId, credited.customersToRemember, now)]),
    ...(touch ? [touchApiKeyStatement(caps.db, key.id, now, KEY_TOUCH_INTERVAL_MS)] : []),
  ]);

  const firstSeen = new Set<string>();
  const results = valid.map(({ index, event }) => {
    const accepted = stored.insertedEventIds.has(event.eventId) && !firstSeen.has(event.eventId);
    firstSeen.add(event.eventId);
    if (!accepted) {
      const reason = credited.countedOrders.get(event.eventId) ?? "this event id was received before";
      return { index, eventId: event.eventId, status: "duplicate" as const, reason };
    }
    const wallet = stored.walletMatches.get(event.eventId);
    const pre = credited.byEventId.get(event.eventId);
    const attribution: Attribution =
      pre !== undefined && pre.via !== null
        ? { via: pre.via, campaignId: pre.campaignId, creatorId: pre.creatorId }
        : wallet !== undefined
          ? { via: "wallet", campaignId: wallet.campaignId, creatorId: wallet.creatorId }
          : { via: null, campaignId: null, creatorId: null, reason: pre?.reason ?? "no click id, known customer id or verified wallet" };
    return { index, eventId: event.eventId, status: "accepted" as const, attribution };
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
