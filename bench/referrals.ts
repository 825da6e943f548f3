/**
 * Referral links (issue 28): visits through `/r/{code}` from concurrent clients for a sustained time
 * (`REFERRAL_BENCH_SECONDS`, default 20), each from its own client address (the click budget counts per address and
 * link), then conversion ingestion where every event carries one of those click ids and a customer id (batches of
 * 100 from 4 senders with a key each, `INGEST_BENCH_SECONDS`, default 60): clicks and events per second, p50/p99, and
 * how many events were credited by click. Against the production build under Miniflare (bench/built-app.ts: the
 * workerd runtime without `wrangler dev`'s proxy, which alone holds any route to about 190 requests a second here),
 * on its own migrated local data. Beside the figures: the same clients on `/ping` (a route that touches no storage:
 * this machine's ceiling for any route), workerd's CPU per visit (its queue consumer's counting included), and the
 * clicks the referral clicks queue's consumer counted once the visits stopped (docs/decisions/050-clicks-off-the-visit-path.md).
 *
 * The account, keys, campaign and 500 joined creators (each gets a link from migration 0050's trigger) are made through
 * the worker's own db modules on the same local D1 through wrangler's platform proxy, as bench/ingestion.ts does.
 */
import { prepareSeededState, startBuiltApp } from "./built-app.ts";
import { processCpuMs } from "./process-cpu.ts";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../worker/db/memberships.ts";
import { insertUserStatements } from "../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../fixtures/factories.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { randomEvmAddress, senderKeys } from "./local-data.ts";
import { FailedRequests, percentile } from "./measure.ts";

export type ReferralBenchmarkResult = {
  links: number;
  clickClients: number;
  clickSeconds: number;
  /** The same clients on /ping for the same time: what this machine answers on a route that touches no storage. */
  pingsPerSecond: number;
  workerdCpuMsPerVisit: number;
  /** The workerd process's CPU over the ingestion run, per event, and the senders' (this process's) beside it. */
  workerdCpuMsPerEvent: number;
  sendersCpuMsPerEvent: number;
  /** Counted by the referral clicks queue's consumer within 30 s of the last visit. */
  clicksCounted: number;
  visits: number;
  visitsPerSecond: number;
  clicksKept: number;
  visitP50Ms: number;
  visitP99Ms: number;
  visitErrors: number;
  ingestSenders: number;
  ingestSeconds: number;
  events: number;
  eventsPerSecond: number;
  creditedByClick: number;
  ingestP50Ms: number;
  ingestP99Ms: number;
  ingestErrors: number;
  errorSamples: string[];
  goals: { visitsPerSecond: number; eventsPerSecond: number };
};

const LINKS = 500;
const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36";
const CLICK_CLIENTS = 16;
const SENDERS = 4;
const BATCH = 100;

let addressCounter = 0;
/** A new client address per visit, as many people clicking would have. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

async function prepare(persistTo: string, run: string) {
  const proxy = await localBindings(persistTo);
  try {
    const db = proxy.env.DB;
    const now = Date.now();
    const advertiser = buildAdvertiser(`bench-ref-${run}`, now);
    const owner = buildUser(`bench_ref_${run}`, now);
    const campaign = buildCampaign(`bench-ref-${run}`, advertiser, "active", now);
    await db.batch([
      insertAdvertiserStatement(db, advertiser),
      ...insertUserStatements(db, owner, ["creator"]),
      insertCampaignStatement(db, campaign),
      db.prepare(`UPDATE campaigns SET destination_url = 'https://shop.example/landing' WHERE id = ?`).bind(campaign.id),
    ]);
    const keys = await senderKeys(db, advertiser.id, owner.id, SENDERS);
    for (let start = 0; start < LINKS; start += 50) {
      const creators = Array.from({ length: 50 }, (_, index) => buildUser(`bench_ref_${run}_${start + index}`, now));
      await db.batch(
        creators.flatMap((creator) => [
          ...insertUserStatements(db, creator, ["creator"]),
          ...joinCampaignStatements(db, campaign.id, creator.id, now),
        ]),
      );
    }
    const { results } = await db.prepare(`SELECT code FROM referral_links WHERE campaign_id = ?`).bind(campaign.id).all<{ code: string }>();
    return { keys, codes: results.map((row) => row.code), campaignId: campaign.id };
  } finally {
    await proxy.dispose();
  }
}

/** The link's clicks counted so far by the queue's consumer. */
async function countedClicks(persistTo: string, campaignId: string): Promise<number> {
  const proxy = await localBindings(persistTo);
  try {
    const row = await proxy.env.DB.prepare(`SELECT COALESCE(SUM(clicks), 0) AS clicks FROM referral_click_days WHERE campaign_id = ?`)
      .bind(campaignId)
      .first<{ clicks: number }>();
    return row?.clicks ?? 0;
  } finally {
    await proxy.dispose();
  }
}

/** `clients` concurrent loops on `path` for `seconds`: answers per second. */
async function pingRate(origin: string, clients: number, seconds: number): Promise<number> {
  let answers = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        const response = await fetch(`${origin}/ping`);
        await response.arrayBuffer();
        answers += 1;
      }
    }),
  );
  return Math.round(answers / ((performance.now() - started) / 1000));
}

export async function runReferralBenchmark(buildDir: string, port: number): Promise<ReferralBenchmarkResult> {
  const persistTo = ".wrangler/bench-referrals";
  await prepareSeededState(persistTo);
  const run = Date.now().toString(36);
  const { keys, codes, campaignId } = await prepare(persistTo, run);
  const app = await startBuiltApp({ buildDir, persistTo, port, logFile: `${persistTo}.log` });
  try {
    return await measure(app.origin, app.workerdPid, { keys, codes, campaignId, persistTo, run });
  } finally {
    await app.dispose();
  }
}

async function measure(
  origin: string,
  workerdPid: number,
  { keys, codes, campaignId, persistTo, run }: Awaited<ReturnType<typeof prepare>> & { persistTo: string; run: string },
): Promise<ReferralBenchmarkResult> {
  const clickSeconds = Number(process.env.REFERRAL_BENCH_SECONDS ?? 20);
  const ingestSeconds = Number(process.env.INGEST_BENCH_SECONDS ?? 60);
  const pingsPerSecond = await pingRate(origin, CLICK_CLIENTS, Math.min(10, clickSeconds));
  const errorSamples: string[] = [];

  const visitLatencies: number[] = [];
  const clickIds: string[] = [];
  const visitErrors = new FailedRequests(errorSamples);
  let visits = 0;
  const cpuBeforeVisits = processCpuMs(workerdPid);
  const clicksStarted = performance.now();
  const clicksDeadline = clicksStarted + clickSeconds * 1000;
  await Promise.all(
    Array.from({ length: CLICK_CLIENTS }, async () => {
      while (performance.now() < clicksDeadline) {
        const code = codes[visits % codes.length] ?? "";
        visits += 1;
        const sent = performance.now();
        try {
          const response = await fetch(`${origin}/r/${code}`, {
            redirect: "manual",
            // A person's browser: Node's own user agent reads as a crawler, whose visits are sent on uncounted.
            headers: { "cf-connecting-ip": nextAddress(), "User-Agent": BROWSER_USER_AGENT },
          });
          await response.arrayBuffer();
          visitLatencies.push(performance.now() - sent);
          const clickId = new URL(response.headers.get("location") ?? "http://none/").searchParams.get("chorus_click_id");
          if (response.status !== 302) {
            visitErrors.add(`visit ${response.status}`);
          } else if (clickId !== null) clickIds.push(clickId);
        } catch (error) {
          visitErrors.add(String(error));
        }
      }
    }),
  );
  const clickElapsedS = (performance.now() - clicksStarted) / 1000;
  // The consumer's counting is part of a visit's cost: the CPU is read once it has counted them all (or 30 s passed).
  let clicksCounted = 0;
  for (let waited = 0; waited < 30; waited += 1) {
    clicksCounted = await countedClicks(persistTo, campaignId);
    if (clicksCounted >= clickIds.length) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const workerdCpuMsPerVisit = (processCpuMs(workerdPid) - cpuBeforeVisits) / Math.max(1, visitLatencies.length);

  const ingestLatencies: number[] = [];
  const ingestErrors = new FailedRequests(errorSamples);
  let events = 0;
  let creditedByClick = 0;
  let sequence = 0;
  const cpuBeforeIngest = processCpuMs(workerdPid);
  const sendersCpuBefore = process.cpuUsage();
  const ingestStarted = performance.now();
  const ingestDeadline = ingestStarted + ingestSeconds * 1000;
  await Promise.all(
    keys.map(async (key, senderIndex) => {
      while (performance.now() < ingestDeadline) {
        const batch = Array.from({ length: BATCH }, (_, index) => {
          sequence += 1;
          return {
            eventId: `bench-ref-${run}-${senderIndex}-${sequence}`,
            type: index % 2 === 0 ? "signup" : "purchase",
            walletAddress: randomEvmAddress(),
            chain: "evm",
            value: 1_000 + index,
            currency: "USDC",
            occurredAt: Date.now(),
            clickId: clickIds[sequence % Math.max(1, clickIds.length)],
            customerId: `cust-${sequence % 5_000}`,
            ...(index % 2 === 0 ? {} : { orderId: `order-${run}-${sequence}` }),
          };
        });
        const sent = performance.now();
        try {
          const response = await fetch(`${origin}/v1/conversion/event/ingest`, {
            method: "POST",
            // Each sender from an address of its own, as four servers would be: one address may send 50 calls (5,000
            // events) a second (INGEST_ADDRESS_RATE_LIMITER, wrangler.toml), which four senders from one reach.
            headers: {
              "Content-Type": "application/json",
              "api-key": key.keyId,
              "api-secret": key.secret,
              "cf-connecting-ip": `192.0.2.${senderIndex + 1}`,
            },
            body: JSON.stringify({ events: batch }),
          });
          const text = await response.text();
          ingestLatencies.push(performance.now() - sent);
          const body = response.ok
            ? (JSON.parse(text) as { accepted?: number; results?: { attribution?: { via: string | null } }[] })
            : null;
          if (body === null || body.accepted !== BATCH) {
            ingestErrors.add(`ingest ${response.status} ${text.slice(0, 200)}`);
            continue;
          }
          events += body.accepted;
          creditedByClick += (body.results ?? []).filter((result) => result.attribution?.via === "click").length;
        } catch (error) {
          ingestErrors.add(String(error));
        }
      }
    }),
  );
  const ingestElapsedS = (performance.now() - ingestStarted) / 1000;
  const workerdCpuMsPerEvent = (processCpuMs(workerdPid) - cpuBeforeIngest) / Math.max(1, events);
  const sendersCpu = process.cpuUsage(sendersCpuBefore);
  const sendersCpuMsPerEvent = (sendersCpu.user + sendersCpu.system) / 1000 / Math.max(1, events);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    links: codes.length,
    clickClients: CLICK_CLIENTS,
    clickSeconds: round(clickElapsedS),
    pingsPerSecond,
    workerdCpuMsPerVisit: Math.round(workerdCpuMsPerVisit * 100) / 100,
    workerdCpuMsPerEvent: Math.round(workerdCpuMsPerEvent * 1000) / 1000,
    sendersCpuMsPerEvent: Math.round(sendersCpuMsPerEvent * 1000) / 1000,
    clicksCounted,
    visits: visitLatencies.length,
    visitsPerSecond: Math.round(visitLatencies.length / clickElapsedS),
    clicksKept: clickIds.length,
    visitP50Ms: round(percentile(visitLatencies, 50)),
    visitP99Ms: round(percentile(visitLatencies, 99)),
    visitErrors: visitErrors.count,
    ingestSenders: SENDERS,
    ingestSeconds: round(ingestElapsedS),
    events,
    eventsPerSecond: Math.round(events / ingestElapsedS),
    creditedByClick,
    ingestP50Ms: round(percentile(ingestLatencies, 50)),
    ingestP99Ms: round(percentile(ingestLatencies, 99)),
    ingestErrors: ingestErrors.count,
    errorSamples,
    goals: { visitsPerSecond: 2000, eventsPerSecond: 5000 },
  };
}
