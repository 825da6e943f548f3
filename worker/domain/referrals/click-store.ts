import { type } from "arktype";
import { clickRecordShape, type ClickRecord } from "../../contracts/click-record.ts";
import { CLICK_ID } from "../../contracts/referrals.ts";

/** KV's shortest time to live. */
const MIN_TTL_SECONDS = 60;
const keyOf = (clickId: string) => `click:${clickId}`;

/** Keeps a click until its attribution window ends; KV forgets it then. */
export async function keepClick(clicks: KVNamespace, record: ClickRecord): Promise<void> {
  const ttlSeconds = Math.max(MIN_TTL_SECONDS, Math.ceil((record.expiresAt - record.at) / 1000));
  await clicks.put(keyOf(record.clickId), JSON.stringify(record), { expirationTtl: ttlSeconds });
}

/**
 * The clicks of `clickIds` still in their window, by id. An id that is not a click id's form is not looked up; a
 * stored value that does not read as a click (it cannot, unless written by hand) counts as unknown.
 */
export async function findClicks(clicks: KVNamespace, clickIds: readonly string[], now: number): Promise<Map<string, ClickRecord>> {
  const wellFormed = [...new Set(clickIds)].filter((clickId) => CLICK_ID.test(clickId));
  const found = new Map<string, ClickRecord>();
  if (wellFormed.length === 0) return found;
  // One call for the whole batch (KV reads up to 100 keys at once; ingestion batches hold at most 100 events).
  const stored = await clicks.get(wellFormed.map(keyOf), "json");
  for (const clickId of wellFormed) {
    const record = clickRecordShape(stored.get(keyOf(clickId)) ?? null);
    if (!(record instanceof type.errors) && record.clickId === clickId && record.expiresAt > now) found.set(clickId, record);
  }
  return found;
}
