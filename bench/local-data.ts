/**
 * What the benchmarks share for working beside the worker they measure (its bindings come from
 * scripts/local-bindings.ts): the rows a run needs made through the product's own use cases, and the scheduler run
 * from the bench process.
 */
import { systemClock, type Clock } from "../worker/clock.ts";
import type { Database } from "../worker/database.ts";
import { createApiKey } from "../worker/domain/advertisers/api-keys.ts";
import type { SchedulerDeps } from "../worker/jobs/scheduler.ts";

export type SenderKey = { keyId: string; secret: string };

/** One API key of the advertiser per sender (the ingestion rate limit counts per key), labelled `bench 0`, `bench 1`… */
export async function senderKeys(db: D1Database, advertiserId: string, ownerId: string, senders: number): Promise<SenderKey[]> {
  const keys: SenderKey[] = [];
  for (let index = 0; index < senders; index += 1) {
    const { keyId, secret } = await createApiKey({ db, clock: systemClock }, advertiserId, ownerId, { label: `bench ${index}` });
    keys.push({ keyId, secret });
  }
  return keys;
}

/** A random EVM address (20 random bytes in hex). */
export function randomEvmAddress(): string {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * The scheduler's dependencies in a bench process, `db` metered or not: no network is ever asked (nothing a bench
 * makes is due for a read), and with no queue, rails, bucket or key here those steps are off.
 */
export function benchSchedulerDeps(db: Database, clock: Clock): SchedulerDeps {
  return {
    db,
    clock,
    networks: () => {
      throw new Error("The benchmark does not talk to a network");
    },
    pollingQueue: null,
    campaignObjects: null,
    reconcileReservations: false,
    withdrawals: null,
    deposits: null,
    media: null,
    encryptionKey: null,
  };
}
