import { type } from "arktype";
import type { Capabilities } from "../../capabilities.ts";
import { clickRecordShape, type ClickRecord } from "../../contracts/click-record.ts";
import { markRollupMessagesStatement } from "../../db/funnel-rollups.ts";
import { countDeliveredClicksStatements } from "../../db/referral-links.ts";
import { archiveByDay, batchIdOf } from "../analytics/store-events.ts";
import { utcDay } from "../analytics/event-rows.ts";

/** The click, or null when it is not one a visit would have put on the queue. */
export function readClickMessage(body: unknown): ClickRecord | null {
  const checked = clickRecordShape(body);
  return checked instanceof type.errors ? null : checked;
}

/** Where the raw clicks of a delivery go, beside the analytics events: one newline-delimited JSON object per UTC day. */
export const CLICK_ARCHIVE_PREFIX = "referrals/clicks/";

export function clickArchiveKey(day: string, batchId: string): string {
  return `${CLICK_ARCHIVE_PREFIX}day=${day}/${batchId}.ndjson`;
}

/**
 * Stores the clicks of a queue delivery (docs/decisions/050-clicks-off-the-visit-path.md): first the clicks themselves
 * (utm values, referrer, hashed device and address) in the events archive, where what grows with every visit belongs,
 * then their counts in one D1 batch (one transaction) that also marks the messages as counted, so a click delivered
 * again is counted once. A failure rejects, for the queue to deliver again. Returns how many clicks this call counted.
 */
export async function storeClickMessages(
  { db, clock, eventArchive }: Pick<Capabilities, "db" | "clock" | "eventArchive">,
  messages: ReadonlyArray<{ id: string; click: ClickRecord }>,
): Promise<number> {
  if (messages.length === 0) return 0;
  const messageIds = messages.map(({ id }) => id);
  const batchId = await batchIdOf(messageIds);
  await archiveByDay(
    eventArchive,
    messages.map(({ click }) => click),
    (click) => click.at,
    (day) => clickArchiveKey(day, batchId),
  );
  const deliveryId = crypto.randomUUID();
  const [marked] = await db.batch([
    markRollupMessagesStatement(db, messageIds, deliveryId, clock.now()),
    ...countDeliveredClicksStatements(
      db,
      messages.map(({ id, click }) => ({
        messageId: id,
        campaignId: click.campaignId,
        userId: click.creatorUserId,
        day: utcDay(click.at),
        sources: [`device:${click.deviceHash}`, `address:${click.addressHash}`] as const,
      })),
      deliveryId,
    ),
  ]);
  return marked?.results.length ?? 0;
}
