import { type } from "arktype";
import type { Capabilities } from "../../capabilities.ts";
import { analyticsBatchShape, type AnalyticsQueueMessage } from "../../contracts/analytics.ts";
import { markRollupMessagesStatement, rollupEventsStatements, type RollupEvent } from "../../db/funnel-rollups.ts";
import { hex } from "../../security/encoding.ts";
import { eventRowsOf, utcDay } from "./event-rows.ts";

/** A queue message as the endpoint writes it: a checked batch, the session's user and when it arrived. */
const queueMessageShape = analyticsBatchShape.and({ sessionUserId: "string | null", receivedAt: "number.integer >= 0" });

/** The message, or null when it is not one the endpoint would have sent (it could never be stored). */
export function readQueueMessage(body: unknown): AnalyticsQueueMessage | null {
  const checked = queueMessageShape(body);
  return checked instanceof type.errors ? null : checked;
}

/** A message with the queue's id for it: the same on every delivery of that message. */
export type IdentifiedMessage = { id: string; body: AnalyticsQueueMessage };

/** Where the raw events of a delivery go: one newline-delimited JSON object per UTC day the events happened. */
export const ARCHIVE_PREFIX = "analytics/events/";

export function archiveKey(day: string, batchId: string): string {
  return `${ARCHIVE_PREFIX}day=${day}/${batchId}.ndjson`;
}

/** The same set of messages always gets the same batch id, so a delivery retried as it was overwrites its objects. */
export async function batchIdOf(messageIds: readonly string[]): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode([...messageIds].sort().join("\n")));
  return hex(new Uint8Array(digest, 0, 16));
}

/**
 * Writes `rows` to the archive as newline-delimited JSON, one object per UTC day of `at(row)`, under `keyOf(day)`: the
 * analytics events here, the referral clicks (worker/domain/referrals/store-clicks.ts) beside them.
 */
export async function archiveByDay<Row>(
  archive: R2Bucket,
  rows: readonly Row[],
  at: (row: Row) => number,
  keyOf: (day: string) => string,
): Promise<void> {
  const byDay = new Map<string, string[]>();
  for (const row of rows) {
    const day = utcDay(at(row));
    const lines = byDay.get(day) ?? [];
    lines.push(JSON.stringify(row));
    byDay.set(day, lines);
  }
  await Promise.all(
    [...byDay].map(([day, lines]) =>
      archive.put(keyOf(day), `${lines.join("\n")}\n`, { httpMetadata: { contentType: "application/x-ndjson" } }),
    ),
  );
}

/**
 * Stores the events of many queue messages (docs/decisions/036-events-out-of-d1.md): first the raw events in R2,
 * then the daily rollups in one D1 batch (one transaction) that also marks the messages as counted, so a message
 * delivered again is counted once. A failure rejects; R2 may then hold the delivery's objects, which the retried
 * delivery overwrites (or, regrouped by the queue, writes again under another batch id: the archive is at least
 * once, its lines carry the event id). Returns how many events this call added to the rollups.
 */
export async function storeAnalyticsMessages(
  { db, clock, eventArchive }: Pick<Capabilities, "db" | "clock" | "eventArchive">,
  messages: readonly IdentifiedMessage[],
): Promise<number> {
  if (messages.length === 0) return 0;
  const rowsByMessage = messages.map(({ id, body }) => ({ id, rows: eventRowsOf(body) }));
  const rows = rowsByMessage.flatMap(({ rows: messageRows }) => messageRows);
  const messageIds = messages.map(({ id }) => id);
  const batchId = await batchIdOf(messageIds);
  await archiveByDay(
    eventArchive,
    rows,
    (row) => row.occurredAt,
    (day) => archiveKey(day, batchId),
  );

  const events: RollupEvent[] = rowsByMessage.flatMap(({ id, rows: messageRows }) =>
    messageRows.map((row) => ({
      messageId: id,
      name: row.name,
      deviceId: row.deviceId,
      advertiserId: row.advertiserId,
      campaignId: row.campaignId,
      utmCampaign: row.utmCampaign,
      day: utcDay(row.occurredAt),
    })),
  );
  const deliveryId = crypto.randomUUID();
  const [marked] = await db.batch([
    markRollupMessagesStatement(db, messageIds, deliveryId, clock.now()),
    ...rollupEventsStatements(db, events, deliveryId),
  ]);
  const counted = new Set((marked?.results ?? []).map((row) => String((row as { message_id: unknown }).message_id)));
  return rowsByMessage.reduce((added, { id, rows: messageRows }) => added + (counted.has(id) ? messageRows.length : 0), 0);
}
