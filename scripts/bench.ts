/**
 * `npm run bench`: the benchmarks, against the production build. Prints a table per benchmark and writes
 * bench-results/*.json. Figures are for reading, never pass/fail.
 * `BENCH_ONLY=page-cost` (or first-load, lighthouse, interactive, ingestion, referrals, page-brand, withdrawals, analytics,
 * evaluation, alarms, profile, scale, polling; comma-separated) runs only those. `profile`, `scale` and `polling` run only when named.
 *
 * The build is made once, at the start, under the lock the end-to-end tests take (they share build/); the page
 * benchmarks (bench/page-benchmarks.ts: page-cost, first-load, lighthouse, interactive) measure a copy of it under Miniflare, the
 * others run against it served by the start script (`wrangler dev`) on a fresh database.
 * `BENCH_SKIP_BUILD=1` measures the existing build. `PAGE_COST_REQUESTS` (default 1000), `PAGE_COST_WARM_UP` (100),
 * `PAGE_COST_RUNS` (3), `LIGHTHOUSE_RUNS` (5) and `INTERACTIVE_RUNS` (5) size the page benchmarks, `LIGHTHOUSE_PAGES`
 * (home, landing, article, dashboard; comma-separated) picks the pages of Lighthouse and of the time to interactive,
 * `PAGE_BENCH_PORT` (8870) moves the page benchmarks' server; `INGEST_BENCH_SECONDS` shortens the
 * ingestion runs (default 60), `REFERRAL_BENCH_SECONDS` the referral visits (default 20), `ANALYTICS_BENCH_SECONDS`
 * the analytics one (default 20).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { runAnalyticsBenchmark } from "../bench/analytics-events.ts";
import { snapshotBuild } from "../bench/built-app.ts";
import { runCampaignAlarmsBenchmark } from "../bench/campaign-alarms.ts";
import { runEvaluationBenchmark } from "../bench/evaluation.ts";
import { runIngestionBenchmark } from "../bench/ingestion.ts";
import { runPageBenchmarks } from "../bench/page-benchmarks.ts";
import { runPollingBenchmark } from "../bench/polling/run.ts";
import { pollingMarkdown } from "../bench/polling/report.ts";
import { benchPageBrand } from "../bench/page-brand.ts";
import { runProfileBenchmark } from "../bench/profile-page.ts";
import { runReferralBenchmark } from "../bench/referrals.ts";
import { runScaleBenchmark } from "../bench/scale/run.ts";
import { runWithdrawalBenchmark } from "../bench/withdrawals.ts";

const port = 8797;
const only = new Set((process.env.BENCH_ONLY ?? "").split(",").filter((name) => name.length > 0));
const wanted = (name: string) => only.size === 0 || only.has(name);
const pageBenchmarks = ["page-cost", "first-load", "lighthouse", "interactive"].filter(wanted);
const serverBenchmarks = ["page-brand", "withdrawals", "ingestion", "analytics"].filter(wanted);

mkdirSync("bench-results", { recursive: true });
const buildDir =
  pageBenchmarks.length + serverBenchmarks.length > 0 ||
  wanted("referrals") ||
  only.has("profile") ||
  only.has("scale") ||
  only.has("polling")
    ? await snapshotBuild({ skipBuild: process.env.BENCH_SKIP_BUILD === "1" })
    : undefined;

// bench/profile-page.ts: only when named, never part of a full run.
if (buildDir !== undefined && only.has("profile")) await runProfileBenchmark(buildDir);

// bench/scale/run.ts (issue 26): only when named; it builds worlds of up to millions of rows.
if (buildDir !== undefined && only.has("scale")) await runScaleBenchmark(buildDir);

// bench/polling/run.ts (issue 27): only when named; one full pass of metrics polling over 100,000 posts.
if (buildDir !== undefined && only.has("polling")) {
  const polling = await runPollingBenchmark(buildDir);
  const markdown = pollingMarkdown(polling);
  console.log(`\n${markdown}`);
  writeFileSync(`bench-results/polling-${polling.date}.json`, `${JSON.stringify(polling, null, 2)}\n`);
  writeFileSync(`bench-results/polling-${polling.date}.md`, markdown);
}

// bench/referrals.ts: against the build under Miniflare, on its own port and data.
if (buildDir !== undefined && wanted("referrals")) {
  const referrals = await runReferralBenchmark(buildDir, port + 20);
  console.log(
    `\nReferral links (the build under Miniflare): visits through /r/{code} (${referrals.links} links) from ${referrals.clickClients} concurrent clients for ${referrals.clickSeconds} s, then ingestion with every event carrying one of the click ids (batches of 100 from ${referrals.ingestSenders} senders) for ${referrals.ingestSeconds} s`,
  );
  console.table({
    "visits / s": referrals.visitsPerSecond,
    "/ping / s (same clients)": referrals.pingsPerSecond,
    "workerd CPU ms / visit": referrals.workerdCpuMsPerVisit,
    "visit p50 ms": referrals.visitP50Ms,
    "visit p99 ms": referrals.visitP99Ms,
    "click ids given": referrals.clicksKept,
    "clicks counted": referrals.clicksCounted,
    "visit errors": referrals.visitErrors,
    "events / s": referrals.eventsPerSecond,
    "workerd CPU ms / event": referrals.workerdCpuMsPerEvent,
    "senders' CPU ms / event": referrals.sendersCpuMsPerEvent,
    "ingest p50 ms": referrals.ingestP50Ms,
    "ingest p99 ms": referrals.ingestP99Ms,
    "credited by click": referrals.creditedByClick,
    "ingest errors": referrals.ingestErrors,
    goals: `visits ≥ ${referrals.goals.visitsPerSecond} / s, events ≥ ${referrals.goals.eventsPerSecond} / s`,
  });
  if (referrals.errorSamples.length > 0) console.log("First errors:", referrals.errorSamples);
  writeFileSync("bench-results/referrals.json", JSON.stringify(referrals, null, 2));
}

// First and alone, so that nothing else runs on the machine while CPU is measured.
if (buildDir !== undefined && pageBenchmarks.length > 0) await runPageBenchmarks(buildDir, wanted);

async function waitForServer() {
  for (let attempt = 0; attempt < 600; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/ping`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("The app did not start");
}

function startServer(): ChildProcess {
  return spawn("node", ["scripts/start.ts", "--port", String(port), "--fresh", "--skip-build", "--persist-to", ".wrangler/bench-state"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
}

const server = serverBenchmarks.length > 0 ? startServer() : undefined;
try {
  if (server !== undefined) await waitForServer();
  if (wanted("page-brand")) {
    const pageBrand = await benchPageBrand(port);
    console.log("\nPage cost with and without a brand (GET /landing/lumen, signed out)");
    console.table(
      pageBrand.map((row) => ({
        case: row.case,
        requests: row.requests,
        "wall p50 ms": row.wallP50Ms.toFixed(2),
        "wall p95 ms": row.wallP95Ms.toFixed(2),
        "render p50 ms": row.renderP50Ms.toFixed(2),
        "render p95 ms": row.renderP95Ms.toFixed(2),
        "total p50 ms": row.totalP50Ms.toFixed(2),
        "total p95 ms": row.totalP95Ms.toFixed(2),
      })),
    );
    writeFileSync("bench-results/page-brand.json", JSON.stringify(pageBrand, null, 2));
  }

  if (wanted("withdrawals")) {
    const withdrawals = await runWithdrawalBenchmark(port);
    console.log(
      `\nParallel withdrawals: ${withdrawals.requests} requests of ${withdrawals.amount} against a balance of ${withdrawals.balance} (smallest units), all at once over HTTP`,
    );
    console.table({
      accepted: withdrawals.accepted,
      "expected ⌊B/a⌋": withdrawals.expectedAccepted,
      refused: withdrawals.refused,
      "other answers": JSON.stringify(withdrawals.otherAnswers),
      "total ms": withdrawals.totalMs,
      "latency p50 ms": withdrawals.latencyP50Ms,
      "latency p95 ms": withdrawals.latencyP95Ms,
      "D1 queries / accepted request": withdrawals.d1QueriesPerAcceptedWithdrawal,
      "D1 queries / refused request": withdrawals.d1QueriesPerRefusedWithdrawal,
      "D1 queries / verification": withdrawals.d1QueriesPerVerification,
      "D1 queries / settlement run": withdrawals.d1QueriesPerSettlement,
      "ledger balanced": withdrawals.ledgerBalanced,
    });
    writeFileSync("bench-results/withdrawals.json", JSON.stringify(withdrawals, null, 2));
  }

  if (wanted("ingestion")) {
    const ingestion = await runIngestionBenchmark(port);
    console.log(
      `\nConversion ingestion: batches of ${ingestion.batchSize} from ${ingestion.senders} concurrent senders (one API key each) for ${ingestion.durationS} s`,
    );
    console.table({
      "events / s": ingestion.eventsPerSecond,
      events: ingestion.events,
      requests: ingestion.requests,
      "latency p50 ms": ingestion.latencyP50Ms,
      "latency p99 ms": ingestion.latencyP99Ms,
      errors: ingestion.errors,
      matched: ingestion.matched,
      unmatched: ingestion.unmatched,
      [`goal ≥ ${ingestion.goalEventsPerSecond} / s, 0 errors`]: ingestion.goalMet ? "met" : "missed",
    });
    if (ingestion.errorSamples.length > 0) console.log("First errors:", ingestion.errorSamples);
    writeFileSync("bench-results/ingestion.json", JSON.stringify(ingestion, null, 2));
  }

  if (wanted("analytics")) {
    const analytics = await runAnalyticsBenchmark(port);
    console.log(
      `\nTracker events (POST /v1/events): batches of ${analytics.batchSize} from ${analytics.senders} concurrent senders (${analytics.visitors} visitors) for ${analytics.durationS} s, then the queue consumer into D1`,
    );
    console.table({
      "events / s accepted": analytics.eventsPerSecond,
      events: analytics.events,
      requests: analytics.requests,
      "latency p50 ms": analytics.latencyP50Ms,
      "latency p99 ms": analytics.latencyP99Ms,
      errors: analytics.errors,
      "in D1": analytics.stored,
      "ms until all in D1 after the last answer": analytics.drainMs,
      "events / s end to end (first request → all in D1)": analytics.storedPerSecond,
    });
    if (analytics.errorSamples.length > 0) console.log("First errors:", analytics.errorSamples);
    writeFileSync("bench-results/analytics-events.json", JSON.stringify(analytics, null, 2));
  }
} finally {
  server?.kill("SIGTERM");
}

// Needs no server: it drives local D1 through wrangler's platform proxy.
if (wanted("evaluation")) {
  const evaluation = await runEvaluationBenchmark();
  console.log("\nEvaluation of a campaign with 10,000 creators and 100,000 posts, end to end on local D1");
  console.log(evaluation);
  writeFileSync("bench-results/evaluation.json", JSON.stringify(evaluation, null, 2));
}

if (wanted("alarms")) {
  const alarms = await runCampaignAlarmsBenchmark();
  console.log("\nThe scheduler beside the campaign objects: one run's D1 work, and one woken campaign's alarm (local D1)");
  console.table(
    Object.fromEntries(
      alarms.rows.map((row) => [
        `${row.liveCampaigns} live campaigns`,
        {
          "scheduler statements": row.scheduler.statements,
          "scheduler rows read": row.scheduler.rowsRead,
          "scheduler rows written": row.scheduler.rowsWritten,
          "objects woken": row.woken,
          "alarm statements": row.alarm.statements,
          "alarm rows read": row.alarm.rowsRead,
          "alarm rows written": row.alarm.rowsWritten,
        },
      ]),
    ),
  );
  console.log(`Alarms per live campaign and day: ${alarms.alarmsPerLiveCampaignDay} for its health, and a few for its weeks and moves.`);
  writeFileSync("bench-results/campaign-alarms.json", JSON.stringify(alarms, null, 2));
}
