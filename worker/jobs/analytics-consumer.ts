import type { AnalyticsQueueMessage } from "../contracts/analytics.ts";
import { readQueueMessage, storeAnalyticsMessages } from "../domain/analytics/store-events.ts";

/**
 * The analytics queue's consumer (docs/decisions/022-analytics-and-telemetry.md): every event of every message of a
 * delivery in one D1 batch, then each message acknowledged. If D1 fails, every message is retried (the queue
 * delivers it again, up to `max_retries`); event ids make a second delivery write nothing twice. A message the
 * endpoint could not have sent is acknowledged and logged, so it cannot hold the others back.
 */
export const handleAnalyticsQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env) => {
  const readable: Array<{ message: Message; body: AnalyticsQueueMessage }> = [];
  for (const message of batch.messages) {
    const body = readQueueMessage(message.body);
    if (body === null) {
      console.error(`Analytics queue: message ${message.id} is not a batch of events; dropped.`);
      message.ack();
    } else readable.push({ message, body });
  }
  if (readable.length === 0) return;
  try {
    await storeAnalyticsMessages(
      // A consumer only writes: its session starts at the primary (docs/decisions/035-read-replicas.md).
      { db: env.DB.withSession("first-primary") },
      readable.map(({ body }) => body),
    );
  } catch (error) {
    console.error(`Analytics queue: storing ${readable.length} message(s) failed; they will be retried.`, error);
    for (const { message } of readable) message.retry();
    return;
  }
  for (const { message } of readable) message.ack();
};
