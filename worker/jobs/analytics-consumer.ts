import { systemClock } from "../clock.ts";
import { readQueueMessage, storeAnalyticsMessages, type IdentifiedMessage } from "../domain/analytics/store-events.ts";

/**
 * The analytics queue's consumer (docs/decisions/022-analytics-and-telemetry.md, 036-events-out-of-d1.md): the raw
 * events of a delivery to R2 and their daily rollups in one D1 batch, then each message acknowledged. If R2 or D1
 * fails, every message is retried (the queue delivers it again, up to `max_retries`); the rollups remember which
 * messages they counted, so a second delivery counts nothing twice. A message the
 * endpoint could not have sent is acknowledged and logged, so it cannot hold the others back.
 */
export const handleAnalyticsQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env) => {
  const readable: Array<{ message: Message } & IdentifiedMessage> = [];
  for (const message of batch.messages) {
    const body = readQueueMessage(message.body);
    if (body === null) {
      console.error(`Analytics queue: message ${message.id} is not a batch of events; dropped.`);
      message.ack();
    } else readable.push({ message, id: message.id, body });
  }
  if (readable.length === 0) return;
  try {
    await storeAnalyticsMessages(
      // A consumer only writes: its session starts at the primary (docs/decisions/035-read-replicas.md).
      { db: env.DB.withSession("first-primary"), clock: systemClock, eventArchive: env.ANALYTICS_ARCHIVE },
      readable.map(({ id, body }) => ({ id, body })),
    );
  } catch (error) {
    console.error(`Analytics queue: storing ${readable.length} message(s) failed; they will be retried.`, error);
    for (const { message } of readable) message.retry();
    return;
  }
  for (const { message } of readable) message.ack();
};
