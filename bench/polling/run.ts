/**
 * `BENCH_ONLY=polling npm run bench` (issue 27): one full pass of metrics polling over 100,000 posts, half on X and
 * half on Bluesky, by the product's own scheduler in the production build.
 *
 * The world (bench/polling/world.ts: POLL_BENCH_CREATORS creators, default 2,000, in 4 live campaigns on both
 * networks, POLL_BENCH_POSTS posts per network, default 50,000, every one due for its first poll) is written straight
 * into fresh local storage: the product's D1 after the real migrations, and the state files of the X and Bluesky
 * stand-ins. The stand-ins run in this process behind counting proxies (bench/polling/counting-proxy.ts), which count
 * every request the worker sends to each network; the build runs under Miniflare (bench/built-app.ts) pointed at the
 * proxies. The benchmark then fires the worker's `scheduled` handler (the cron trigger's code, every step of
 * worker/jobs/scheduler.ts, metrics polling among them) run after run until every post has been read once. A run
 * leases due posts in read groups and puts them on the polling queue (docs/decisions/048-polling-fan-out.md), which
 * Miniflare delivers to the worker's queue handler in-process; the benchmark waits for the run's groups to be read and
 * written back (no post leased any more) before the next run, and reports that wait. In production the cron fires
 * once a minute, so a pass takes as many minutes as it took runs here, as long as each run's groups are read within
 * the minute.
 * POLL_BENCH_MAX_RUNS (default 20,000) stops the pass early: the results then extrapolate the runs a full pass needs
 * from the pace kept (the pass is long: see the README's figures). POLL_BENCH_PORT (8874) moves the app; the
 * proxies take the port + 3 (X) and + 7 (Bluesky), as the local emulators do.
 *
 * Counts (posts, requests, runs) are deterministic; times are for reading. Writes bench-results/polling-<date>.json
 * and .md, with what each network's published rate limits allow per hour at this size (bench/polling/rate-limits.ts).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { defaultPollingLimits } from "../../worker/domain/rewards/polling.ts";
import { createBlueskyEmulator } from "../../emulators/bluesky/server.ts";
import { createXEmulator } from "../../emulators/x/server.ts";
import { startBuiltApp } from "../built-app.ts";
import { startCountingProxy, type CountingProxy } from "./counting-proxy.ts";
import { blueskyAllowance, publishedLimits, xAllowance } from "./rate-limits.ts";
import { buildPollingWorld, type PollingWorld } from "./world.ts";

const numberFrom = (variable: string, fallback: number) => Number(process.env[variable] ?? fallback);
const X_LOOKUP = "GET /2/tweets";
/** The polling queue's consumer takes up to 20 groups a delivery (wrangler.toml, chorus-metrics-polling). */
const GROUPS_PER_DELIVERY = 20;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const BLUESKY_GET_POSTS = "GET /xrpc/app.bsky.feed.getPosts";

function migrate(persistTo: string) {
  rmSync(persistTo, { recursive: true, force: true });
  const result = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Migrations failed:\n${result.stdout}\n${result.stderr}`);
}

/** The X client id the build's local configuration names (the stand-in's tokens belong to it). */
function xClientIdOf(buildDir: string): string {
  const line = readFileSync(`${buildDir}/server/.dev.vars`, "utf8")
    .split("\n")
    .find((candidate) => candidate.startsWith("X_CLIENT_ID="));
  const fromToml = /X_CLIENT_ID\s*=\s*"([^"]+)"/.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  return line?.slice("X_CLIENT_ID=".length).replace(/^"(.*)"$/, "$1") ?? fromToml ?? "chorus-local";
}

type ScheduledTrigger = { scheduled(options: { cron: string; scheduledTime: Date }): Promise<{ outcome: string }> };

type ReadCounts = { x: number; bluesky: number; failed: number };

async function readCounts(db: D1Database): Promise<ReadCounts> {
  const rows = await db
    .prepare(
      `SELECT posts.network AS network, SUM(metrics.polls >= 1) AS read, SUM(metrics.failures > 0) AS failed
       FROM post_metrics AS metrics JOIN posts ON posts.id = metrics.post_id WHERE posts.id LIKE 'poll-post-%' GROUP BY posts.network`,
    )
    .all<{ network: string; read: number; failed: number }>();
  const of = (network: string) => rows.results.find((row) => row.network === network);
  return { x: of("x")?.read ?? 0, bluesky: of("bluesky")?.read ?? 0, failed: (of("x")?.failed ?? 0) + (of("bluesky")?.failed ?? 0) };
}

export type PollingBenchmarkResult = {
  date: string;
  world: PollingWorld;
  limits: {
    postsPerRun: number;
    groupsPerRun: number;
    pullAheadMinutes: number;
    networkCallsPerInvocation: number;
    groupsPerDelivery: number;
  };
  setupSeconds: number;
  complete: boolean;
  schedulerRuns: number;
  /** The runs a full pass needs: `schedulerRuns` when complete, else extrapolated at the pace of the runs made. */
  estimatedRunsForPass: number;
  wallSeconds: number;
  schedulerSeconds: number;
  msPerRun: number;
  /** Time from a run's end until the queue's consumers had read and written back all of its groups: total and longest. */
  queueSeconds: number;
  longestQueueDrainSeconds: number;
  /** In production the cron fires once a minute: a pass lasts as many minutes as it needs runs (estimated when incomplete). */
  productionPassHours: number;
  /** Full passes an hour at one run a minute. */
  passesPerHour: number;
  postsReadPerRun: number;
  failedPosts: number;
  x: { posts: number; read: number; requests: number; postsPerRequest: number; otherRequests: Record<string, number> };
  bluesky: { posts: number; read: number; requests: number; postsPerRequest: number; otherRequests: Record<string, number> };
  allowance: { x: ReturnType<typeof xAllowance>; bluesky: ReturnType<typeof blueskyAllowance> };
  sources: typeof publishedLimits;
};

function othersThan(counts: Record<string, number>, main: string): Record<string, number> {
  return Object.fromEntries(Object.entries(counts).filter(([key]) => key !== main));
}

export async function runPollingBenchmark(buildDir: string, log: (line: string) => void = console.log): Promise<PollingBenchmarkResult> {
  const shape = {
    creators: numberFrom("POLL_BENCH_CREATORS", 2_000),
    postsPerNetwork: numberFrom("POLL_BENCH_POSTS", 50_000),
    campaigns: 4,
  };
  const maxRuns = numberFrom("POLL_BENCH_MAX_RUNS", 20_000);
  const port = numberFrom("POLL_BENCH_PORT", 8874);
  const persistTo = ".wrangler/bench-polling-state";
  const emulatorDir = `${persistTo}/emulators`;
  const paths = { persistTo, xStatePath: `${emulatorDir}/x.json`, blueskyStatePath: `${emulatorDir}/bluesky.json` };
  const encryptionKey = randomBytes(32).toString("base64");
  const xClientId = xClientIdOf(buildDir);

  const setupStarted = performance.now();
  log(`\nPolling: ${shape.postsPerNetwork.toLocaleString("en")} posts on each network by ${shape.creators.toLocaleString("en")} creators`);
  migrate(persistTo);
  mkdirSync(emulatorDir, { recursive: true });
  const world = await buildPollingWorld(paths, shape, { now: Date.now(), encryptionKey, xClient: { id: xClientId } });

  const x = createXEmulator({
    statePath: paths.xStatePath,
    clientId: xClientId,
    clientSecret: "unused",
    redirectUris: [],
    allowLocalRedirects: true,
  });
  const bluesky = createBlueskyEmulator({ statePath: paths.blueskyStatePath });
  const proxies: CountingProxy[] = [];
  let app: Awaited<ReturnType<typeof startBuiltApp>> | undefined;
  try {
    const xProxy = await startCountingProxy((await x.start()).url, port + 3);
    proxies.push(xProxy);
    const blueskyProxy = await startCountingProxy((await bluesky.start()).url, port + 7);
    proxies.push(blueskyProxy);
    app = await startBuiltApp({
      buildDir,
      persistTo,
      port,
      logFile: `${persistTo}/worker.log`,
      vars: {
        TOKEN_ENCRYPTION_KEY: encryptionKey,
        X_CLIENT_ID: xClientId,
        X_API_BASE_URL: xProxy.url,
        X_AUTHORIZE_URL: `${xProxy.url}/i/oauth2/authorize`,
        BLUESKY_HANDLE_RESOLVER_URL: blueskyProxy.url,
        BLUESKY_PLC_DIRECTORY_URL: blueskyProxy.url,
        BLUESKY_APPVIEW_URL: blueskyProxy.url,
      },
    });
    const setupSeconds = (performance.now() - setupStarted) / 1000;
    log(`  world built and the build started in ${setupSeconds.toFixed(1)} s; polling`);

    const db = await app.miniflare.getD1Database("DB");
    // The runtime's Fetcher has `scheduled()` (the cron trigger); miniflare's declaration of it names only `fetch`.
    const worker = (await app.miniflare.getWorker()) as unknown as ScheduledTrigger;
    const total = world.xPosts + world.blueskyPosts;
    let runs = 0;
    let schedulerMs = 0;
    // Checked after every run, so the run count is exact; one count on an index-free column, no join.
    const unread = async () =>
      (await db.prepare(`SELECT COUNT(*) AS n FROM post_metrics WHERE polls = 0 AND post_id LIKE 'poll-post-%'`).first<{ n: number }>())
        ?.n ?? 0;
    let remaining = await unread();
    const started = performance.now();
    // Posts a run leased and the queue's consumers have not written back yet (every answer releases its lease).
    const leased = async () =>
      (
        await db
          .prepare(`SELECT COUNT(*) AS n FROM post_metrics WHERE leased_until > 0 AND post_id LIKE 'poll-post-%'`)
          .first<{ n: number }>()
      )?.n ?? 0;
    let queueMs = 0;
    let longestDrainMs = 0;
    while (remaining > 0 && runs < maxRuns) {
      const runStarted = performance.now();
      const { outcome } = await worker.scheduled({ cron: "* * * * *", scheduledTime: new Date() });
      if (outcome !== "ok") throw new Error(`The scheduled handler answered ${outcome} (see ${persistTo}/worker.log)`);
      const runEnded = performance.now();
      schedulerMs += runEnded - runStarted;
      runs += 1;
      // A bench loop, not a test: it waits for Miniflare's queue consumers as the next cron tick would.
      while ((await leased()) > 0) {
        if (performance.now() - runEnded > defaultPollingLimits.leaseMs) {
          throw new Error(`Run ${runs}'s read groups were not written back within their lease (see ${persistTo}/worker.log)`);
        }
        await sleep(50);
      }
      const drainMs = performance.now() - runEnded;
      queueMs += drainMs;
      longestDrainMs = Math.max(longestDrainMs, drainMs);
      remaining = await unread();
      if (runs % 5 === 0) {
        const done = total - remaining;
        log(
          `  run ${runs}: ${done.toLocaleString("en")} of ${total.toLocaleString("en")} read, ${((performance.now() - started) / 1000).toFixed(0)} s`,
        );
      }
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const counts = await readCounts(db);
    const read = counts.x + counts.bluesky;
    const postsReadPerRun = read / Math.max(1, runs);

    const xCounts = xProxy.counts();
    const blueskyCounts = blueskyProxy.counts();
    const xRequests = xCounts[X_LOOKUP] ?? 0;
    const blueskyRequests = blueskyCounts[BLUESKY_GET_POSTS] ?? 0;
    // A pass stopped by POLL_BENCH_MAX_RUNS is extrapolated at the pace it kept.
    const passRuns = read === total ? runs : runs + Math.ceil((total - read) / Math.max(postsReadPerRun, 1e-9));
    // The requests of a full pass: as counted, or at the posts per request kept when the pass stopped early.
    const passRequests = (requests: number, read: number, posts: number) =>
      read === posts || read === 0 ? requests : Math.round((requests * posts) / read);
    const perRequest = (read: number, requests: number) => (requests === 0 ? 0 : Math.round((read / requests) * 100) / 100);
    return {
      date: new Date().toISOString().slice(0, 10),
      world,
      limits: {
        postsPerRun: defaultPollingLimits.postsPerRun,
        groupsPerRun: defaultPollingLimits.groupsPerRun,
        pullAheadMinutes: defaultPollingLimits.pullAheadMs / 60_000,
        networkCallsPerInvocation: defaultPollingLimits.networkCallsPerInvocation,
        groupsPerDelivery: GROUPS_PER_DELIVERY,
      },
      setupSeconds: Math.round(setupSeconds * 10) / 10,
      complete: read === total,
      schedulerRuns: runs,
      estimatedRunsForPass: read === total ? runs : runs + Math.ceil((total - read) / Math.max(postsReadPerRun, 1e-9)),
      wallSeconds: Math.round(wallSeconds * 10) / 10,
      schedulerSeconds: Math.round(schedulerMs / 100) / 10,
      msPerRun: Math.round((schedulerMs / Math.max(1, runs)) * 10) / 10,
      queueSeconds: Math.round(queueMs / 100) / 10,
      longestQueueDrainSeconds: Math.round(longestDrainMs / 100) / 10,
      productionPassHours: Math.round((passRuns / 60) * 10) / 10,
      passesPerHour: Math.round((60 / Math.max(1, passRuns)) * 100) / 100,
      postsReadPerRun: Math.round(postsReadPerRun * 10) / 10,
      failedPosts: counts.failed,
      x: {
        posts: world.xPosts,
        read: counts.x,
        requests: xRequests,
        postsPerRequest: perRequest(counts.x, xRequests),
        otherRequests: othersThan(xCounts, X_LOOKUP),
      },
      bluesky: {
        posts: world.blueskyPosts,
        read: counts.bluesky,
        requests: blueskyRequests,
        postsPerRequest: perRequest(counts.bluesky, blueskyRequests),
        otherRequests: othersThan(blueskyCounts, BLUESKY_GET_POSTS),
      },
      allowance: {
        x: xAllowance({ posts: world.xPosts, requests: passRequests(xRequests, counts.x, world.xPosts), creators: world.creators }),
        bluesky: blueskyAllowance({
          posts: world.blueskyPosts,
          requests: passRequests(blueskyRequests, counts.bluesky, world.blueskyPosts),
          creators: world.creators,
        }),
      },
      sources: publishedLimits,
    };
  } finally {
    await app?.dispose();
    for (const proxy of proxies) await proxy.close();
    await x.stop();
    await bluesky.stop();
  }
}
