/**
 * Conversion ingestion (issue 11): batches of 100 events sent for a sustained time (60 s unless
 * `INGEST_BENCH_SECONDS` says otherwise) by a few concurrent senders over real HTTP against the built worker in
 * workerd (the server `npm run bench` starts). Each sender has its own API key (the rate limit counts per key). Half
 * the events carry the address of a verified wallet, so the matching update does real work. Reports events per
 * second, the latency of a call (p50/p99) and the errors (any answer other than 200 with every event accepted).
 *
 * The advertiser, the keys and the wallets are made through the worker's own db modules and use cases on the same local
 * D1 through wrangler's platform proxy (bench/local-data.ts), as bench/withdrawals.ts does.
 */
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { insertUserStatements } from "../worker/db/users.ts";
import { insertWallet } from "../worker/db/wallets.ts";
import { buildAdvertiser, buildUser } from "../fixtures/factories.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { randomEvmAddress, senderKeys, type SenderKey } from "./local-data.ts";
import { FailedRequests, sendingFigures, type SendingFigures } from "./measure.ts";

export type IngestionBenchmarkResult = SendingFigures & {
  matched: number;
  unmatched: number;
  goalEventsPerSecond: number;
  goalMet: boolean;
};

export async function runIngestionBenchmark(
  port: number,
  options: { persistTo?: string; durationS?: number; senders?: number; batchSize?: number } = {},
): Promise<IngestionBenchmarkResult> {
  const origin = `http://127.0.0.1:${port}`;
  const durationS = options.durationS ?? Number(process.env.INGEST_BENCH_SECONDS ?? 60);
  const senders = options.senders ?? Number(process.env.INGEST_BENCH_SENDERS ?? 4);
  const batchSize = options.batchSize ?? 100;
  const persistTo = options.persistTo ?? ".wrangler/bench-state";
  const run = Date.now().toString(36);

  const proxy = await localBindings(persistTo);
  let keys: SenderKey[];
  const verifiedAddresses: string[] = [];
  try {
    const db = proxy.env.DB;
    const now = Date.now();
    const advertiser = buildAdvertiser(`bench-ingest-${run}`, now);
    const owner = buildUser(`bench_ingest_${run}`, now);
    await db.batch([insertAdvertiserStatement(db, advertiser), ...insertUserStatements(db, owner, ["creator"])]);
    keys = await senderKeys(db, advertiser.id, owner.id, senders);
    // 200 creators with a verified EVM wallet each.
    for (let index = 0; index < 200; index += 1) {
      const user = buildUser(`bench_ingest_${run}_${index}`, now);
      await db.batch(insertUserStatements(db, user, ["creator"]));
      const address = randomEvmAddress();
      const id = crypto.randomUUID();
      await insertWallet(db, { id, userId: user.id, type: "evm", address, addressKey: address, currency: "USDC", createdAt: now });
      await db.prepare(`UPDATE wallets SET verified_at = ? WHERE id = ?`).bind(now, id).run();
      verifiedAddresses.push(address);
    }
  } finally {
    await proxy.dispose();
  }

  const latencies: number[] = [];
  const failed = new FailedRequests();
  let events = 0;
  let matched = 0;
  let unmatched = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;

  async function sender(key: SenderKey, senderIndex: number) {
    while (performance.now() < deadline) {
      const batch = Array.from({ length: batchSize }, (_, index) => {
        sequence += 1;
        return {
          eventId: `bench-${run}-${senderIndex}-${sequence}`,
          type: index % 3 === 0 ? "signup" : "deposit",
          walletAddress:
            index % 2 === 0 ? (verifiedAddresses[sequence % verifiedAddresses.length] ?? randomEvmAddress()) : randomEvmAddress(),
          chain: "evm",
          value: 1_000 + index,
          currency: "USDC",
          occurredAt: Date.now(),
          metadata: { source: "bench", n: index },
        };
      });
      const sent = performance.now();
      try {
        const response = await fetch(`${origin}/v1/conversion/event/ingest`, {
          method: "POST",
          headers: { "Content-Type": "application/json", "api-key": key.keyId, "api-secret": key.secret },
          body: JSON.stringify({ events: batch }),
        });
        const text = await response.text();
        latencies.push(performance.now() - sent);
        const body = response.ok ? (JSON.parse(text) as { accepted?: number; matched?: number; unmatched?: number }) : null;
        if (body === null || body.accepted !== batchSize) {
          failed.add(`${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        events += body.accepted;
        matched += body.matched ?? 0;
        unmatched += body.unmatched ?? 0;
      } catch (error) {
        failed.add(String(error));
      }
    }
  }

  await Promise.all(keys.map((key, index) => sender(key, index)));
  const sending = sendingFigures({ elapsedS: (performance.now() - started) / 1000, senders, batchSize, latencies, events, failed });
  const goalEventsPerSecond = 2000;
  return {
    ...sending,
    matched,
    unmatched,
    goalEventsPerSecond,
    goalMet: sending.eventsPerSecond >= goalEventsPerSecond && failed.count === 0,
  };
}
