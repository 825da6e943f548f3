import type { PollingDeps } from "../domain/rewards/deps.ts";
import { defaultPollingLimits, readLeasedGroups } from "../domain/rewards/polling.ts";
import { readGroupOf, type ReadGroup } from "../domain/rewards/read-groups.ts";
import { schedulerDepsFromEnv } from "./scheduled-handler.ts";

/**
 * The polling queue's consumer (docs/decisions/048-polling-fan-out.md): reads a delivery's read groups through the
 * networks and writes the answers back in one batch, within the invocation's budget of network calls. A group read
 * (or failed and backed off, as polling does) is acknowledged; a group the budget did not reach goes back to the
 * queue under its lease. If the write-back fails, every group is retried; a group whose lease ran out meanwhile finds
 * its posts taken over or free and reads nothing. A message the scheduler could not have sent is acknowledged and logged.
 */
export async function consumeReadGroups(
  deps: PollingDeps,
  messages: readonly Message<unknown>[],
  callBudget: number = defaultPollingLimits.networkCallsPerInvocation,
): Promise<void> {
  const readable: Array<{ message: Message<unknown>; group: ReadGroup }> = [];
  for (const message of messages) {
    const group = readGroupOf(message.body);
    if (group === null) {
      console.error(`Polling queue: message ${message.id} is not a read group; dropped.`);
      message.ack();
    } else readable.push({ message, group });
  }
  if (readable.length === 0) return;
  let unread: ReadonlySet<ReadGroup>;
  try {
    unread = new Set(
      (
        await readLeasedGroups(
          deps,
          readable.map(({ group }) => group),
          callBudget,
        )
      ).unread,
    );
  } catch (error) {
    console.error(`Polling queue: reading ${readable.length} group(s) failed; they will be retried.`, error);
    for (const { message } of readable) message.retry();
    return;
  }
  for (const { message, group } of readable) {
    if (unread.has(group)) message.retry();
    else message.ack();
  }
}

export const handlePollingQueue: ExportedHandlerQueueHandler<Cloudflare.Env> = async (batch, env) => {
  // A consumer writes: its session starts at the primary (docs/decisions/035-read-replicas.md), as the scheduler's does.
  const { db, clock, networks } = schedulerDepsFromEnv(env);
  await consumeReadGroups({ db, clock, networks }, batch.messages);
};
