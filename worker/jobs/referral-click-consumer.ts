import { systemClock } from "../clock.ts";
import type { ClickRecord } from "../contracts/click-record.ts";
import { readClickMessage, storeClickMessages } from "../domain/referrals/store-clicks.ts";

/**
 * The referral clicks queue's consumer (docs/decisions/050-clicks-off-the-visit-path.md): a delivery's clicks to the
 * events archive and their counts to D1, then each message acknowledged. If R2 or D1 fails, every message is retried;
 * the counts remember which messages they counted, so a second delivery counts nothing twice. A message a visit could
 * not have sent is acknowledged and logged, so it cannot hold the others back.
 */
export const handleReferralClickQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env) => {
  const readable: Array<{ message: Message; id: string; click: ClickRecord }> = [];
  for (const message of batch.messages) {
    const click = readClickMessage(message.body);
    if (click === null) {
      console.error(`Referral clicks queue: message ${message.id} is not a click; dropped.`);
      message.ack();
    } else readable.push({ message, id: message.id, click });
  }
  if (readable.length === 0) return;
  try {
    await storeClickMessages(
      // A consumer only writes: its session starts at the primary (docs/decisions/035-read-replicas.md).
      { db: env.DB.withSession("first-primary"), clock: systemClock, eventArchive: env.ANALYTICS_ARCHIVE },
      readable.map(({ id, click }) => ({ id, click })),
    );
  } catch (error) {
    console.error(`Referral clicks queue: storing ${readable.length} click(s) failed; they will be retried.`, error);
    for (const { message } of readable) message.retry();
    return;
  }
  for (const { message } of readable) message.ack();
};
