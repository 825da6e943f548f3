/**
 * Conversion ingestion (issue 11): batches of 100 events sent for a sustained time (60 s unless
 * `INGEST_BENCH_SECONDS` says otherwise) by a few concurrent senders over real HTTP against the built worker in
 * workerd (the server `npm run bench` starts). Each sender has its own API key (the rate limit counts per key). Half
 * the events carry the address of a verified wallet, so the matching update does real work. Reports events per
 * second, the latency of a call (p50/p99) and the errors (any answer other than 200 with every event accepted).
 *
 * The advertiser, the keys and the wallets are made through the worker's own db modules on the same local D1 through
 * wrangler's platform proxy, as bench/withdrawals.ts does.
 */
import { getPlatformProxy } from "wrangler";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { insertApiKey } from "../worker/db/api-keys.ts";
import { insertUserStatements } from "../worker/db/users.ts";
import { insertWallet } from "../worker/db/wallets.ts";
import { randomToken, sha256 } from "../worker/security/tokens.ts";
import { buildAdvertiser, buildUser } from "../fixtures/factories.ts";
import { percentile } from "./measure.ts";

export type IngestionBenchmarkResult = {
  durationS: number;
  senders: number;
  batchSize: number;
  requests: number;
  events: number;
  eventsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  errorSamples: string[];
  matched: number;
  unmatched: number;
  goalEventsPerSecond: number;
  goalMet: boolean;
};

function evmAddress(): string {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

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

  const proxy = await getPlatformProxy<Cloudflare.Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
  const keys: { keyId: string; secret: string }[] = [];
  const verifiedAddresses: string[] = [];
  try {
    const db = proxy.env.DB;
    const now = Date.now();
    const advertiser = buildAdvertiser(`bench-ingest-${run}`, now);
    const owner = buildUser(`bench_ingest_${run}`, now);
    await db.batch([insertAdvertiserStatement(db, advertiser), ...insertUserStatements(db, owner, ["creator"])]);
    for (let index = 0; index < senders; index += 1) {
      const secret = `cs_${randomToken(32)}`;
      const keyId = `ck_${randomToken(16)}`;
      await insertApiKey(db, {
        id: crypto.randomUUID(),
        advertiserId: advertiser.id,
        keyId,
        secretHash: await sha256(secret),
        label: `bench ${index}`,
        createdBy: owner.id,
        createdAt: now,
      });
      keys.push({ keyId, secret });
    }
    // 200 creators with a verified EVM wallet each.
    for (let index = 0; index < 200; index += 1) {
      const user = buildUser(`bench_ingest_${run}_${index}`, now);
      await db.batch(insertUserStatements(db, user, ["creator"]));
      const address = evmAddress();
      const id = crypto.randomUUID();
      await insertWallet(db, { id, userId: user.id, type: "evm", address, addressKey: address, currency: "USDC", createdAt: now });
      await db.prepare(`UPDATE wallets SET verified_at = ? WHERE id = ?`).bind(now, id).run();
      verifiedAddresses.push(address);
    }
  } finally {
    await proxy.dispose();
  }

  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  let events = 0;
  let matched = 0;
  let unmatched = 0;
  let sequence = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;

  async function sender(key: { keyId: string; secret: string }, senderIndex: number) {
    while (performance.now() < deadline) {
      const batch = Array.from({ length: batchSize }, (_, index) => {
        sequence += 1;
        return {
          eventId: `bench-${run}-${senderIndex}-${sequence}`,
          type: index % 3 === 0 ? "signup" : "deposit",
          walletAddress: index % 2 === 0 ? (verifiedAddresses[sequence % verifiedAddresses.length] ?? evmAddress()) : evmAddress(),
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
          errors += 1;
          if (errorSamples.length < 5) errorSamples.push(`${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        events += body.accepted;
        matched += body.matched ?? 0;
        unmatched += body.unmatched ?? 0;
      } catch (error) {
        errors += 1;
        if (errorSamples.length < 5) errorSamples.push(String(error));
      }
    }
  }

  await Promise.all(keys.map((key, index) => sender(key, index)));
  const elapsedS = (performance.now() - started) / 1000;
  const eventsPerSecond = Math.round(events / elapsedS);
  const goalEventsPerSecond = 2000;
  return {
    durationS: Math.round(elapsedS * 10) / 10,
    senders,
    batchSize,
    requests: latencies.length,
    events,
    eventsPerSecond,
    latencyP50Ms: Math.round(percentile(latencies, 50) * 10) / 10,
    latencyP99Ms: Math.round(percentile(latencies, 99) * 10) / 10,
    errors,
    errorSamples,
    matched,
    unmatched,
    goalEventsPerSecond,
    goalMet: eventsPerSecond >= goalEventsPerSecond && errors === 0,
  };
}
