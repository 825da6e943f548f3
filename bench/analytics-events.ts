/**
 * The tracker's endpoint (issue 12): batches of 50 events sent to `POST /v1/events` by a few concurrent senders for a
 * sustained time (20 s unless `ANALYTICS_BENCH_SECONDS` says otherwise) over real HTTP against the built worker (the
 * server `npm run bench` starts), then how long the queue consumer takes until every accepted event is archived in R2
 * and counted in D1's daily rollups.
 * Each batch comes from one of many anonymous visitors (a device id and a client address each), as on a busy
 * landing page: the rate limit counts per address, and no visitor comes near it.
 *
 * D1 is read through wrangler's platform proxy on the same local state, as bench/ingestion.ts does.
 */
import { ANALYTICS_EVENTS_PATH } from "../worker/contracts/analytics.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { FailedRequests, sendingFigures, type SendingFigures } from "./measure.ts";

/**
 * The benchmark's events counted into the rollups (docs/decisions/036-events-out-of-d1.md): its utm campaigns on
 * aurora's landing page, summed over all runs, so a run reads the sum before and after.
 */
function benchEventsCounted(db: D1Database): D1PreparedStatement {
  return db
    .prepare(
      `SELECT COALESCE(SUM(events), 0) AS n FROM funnel_daily WHERE advertiser_id = ? AND campaign_id = '' AND utm_campaign IN ('bench-0', 'bench-1')`,
    )
    .bind("advertiser-aurora");
}

export type AnalyticsBenchmarkResult = SendingFigures & {
  visitors: number;
  /** From the last answer until the last accepted event was counted in D1's rollups. */
  drainMs: number;
  /** Accepted events counted in D1's rollups at the end (equal to `events` unless the drain timed out). */
  stored: number;
  /** Events per second from the first request until everything was in D1. */
  storedPerSecond: number;
};

const DRAIN_TIMEOUT_MS = 180_000;

export async function runAnalyticsBenchmark(
  port: number,
  options: { persistTo?: string; durationS?: number; senders?: number; batchSize?: number; visitors?: number } = {},
): Promise<AnalyticsBenchmarkResult> {
  const origin = `http://127.0.0.1:${port}`;
  const durationS = options.durationS ?? Number(process.env.ANALYTICS_BENCH_SECONDS ?? 20);
  const senders = options.senders ?? Number(process.env.ANALYTICS_BENCH_SENDERS ?? 8);
  const batchSize = options.batchSize ?? 50;
  const visitors = options.visitors ?? 500;
  const persistTo = options.persistTo ?? ".wrangler/bench-state";
  const run = `bench-${Date.now().toString(36)}`;

  const before = await localBindings(persistTo);
  let countedBefore: number;
  try {
    countedBefore = Number(await benchEventsCounted(before.env.DB).first("n"));
  } finally {
    await before.dispose();
  }

  const latencies: number[] = [];
  const failed = new FailedRequests();
  let events = 0;
  let batchNumber = 0;
  const started = performance.now();
  const deadline = started + durationS * 1000;

  async function sender() {
    while (performance.now() < deadline) {
      batchNumber += 1;
      const visitor = batchNumber % visitors;
      const now = Date.now();
      const batch = {
        deviceId: `${run}-device-${visitor}`,
        attribution: { utm_source: "bench", utm_campaign: `bench-${visitor % 2}` },
        events: Array.from({ length: batchSize }, (_, index) => ({
          id: `${run}-${batchNumber}-${index}`,
          name: index % 10 === 0 ? "landing_viewed" : "user_site_redirected",
          occurredAt: now,
          pagePath: "/landing/aurora",
          referrer: "https://x.com/",
          properties: { advertiser_id: "advertiser-aurora", trigger: "bench", path: `/campaign/${index}` },
        })),
      };
      const sent = performance.now();
      try {
        const response = await fetch(`${origin}${ANALYTICS_EVENTS_PATH}`, {
          method: "POST",
          headers: {
            "Content-Type": "text/plain;charset=UTF-8",
            "cf-connecting-ip": `10.${Math.floor(visitor / 250) % 250}.${visitor % 250}.1`,
          },
          body: JSON.stringify(batch),
        });
        const text = await response.text();
        latencies.push(performance.now() - sent);
        const accepted = response.status === 202 ? (JSON.parse(text) as { accepted?: number }).accepted : undefined;
        if (accepted !== batchSize) {
          failed.add(`${response.status} ${text.slice(0, 200)}`);
          continue;
        }
        events += accepted;
      } catch (error) {
        failed.add(String(error));
      }
    }
  }

  await Promise.all(Array.from({ length: senders }, () => sender()));
  const sendingDone = performance.now();
  const elapsedS = (sendingDone - started) / 1000;

  const proxy = await localBindings(persistTo);
  let stored: number;
  let drainedAt: number;
  try {
    const count = benchEventsCounted(proxy.env.DB);
    for (;;) {
      stored = Number(await count.first("n")) - countedBefore;
      drainedAt = performance.now();
      if (stored >= events || drainedAt - sendingDone > DRAIN_TIMEOUT_MS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await proxy.dispose();
  }

  return {
    ...sendingFigures({ elapsedS, senders, batchSize, latencies, events, failed }),
    visitors,
    drainMs: Math.round(drainedAt - sendingDone),
    stored,
    storedPerSecond: Math.round(stored / ((drainedAt - started) / 1000)),
  };
}
