/**
 * `BENCH_ONLY=scale npm run bench` (issue 26): what each page, API and scheduler step asks of D1 as the data grows.
 * For each size (SCALE_CREATORS creators, default 10,000, the S world; then SCALE_FACTOR times it, default 10, or
 * the creator counts of SCALE_SIZES, comma-separated): fresh local state migrated and seeded the normal way
 * (bench/built-app.ts), the synthetic world written straight into the local D1 file (bench/scale/world.ts), then the
 * production build under Miniflare on it. Each case is sent once to warm up and SCALE_REQUESTS times (default 3);
 * its statements, D1 rows read and written come from the worker's Server-Timing `d1` entry (worker/timings.ts, from
 * D1's own result `meta`), D1 time is the median. One scheduler run (worker/jobs/scheduler.ts, the code the cron
 * trigger runs) is made from Node against the same local D1 through Miniflare's binding, with the same due work at
 * every size; its per-step figures come from the run's report. Bytes per table come from SQLite's `dbstat`.
 * `SCALE_BASELINE=<an earlier bench-results/scale-*.json>` takes the smaller size's figures from that file (the result
 * in it of as many creators) instead of measuring them again. `SCALE_KEEP_STATE=1` keeps each size's local state.
 * Writes bench-results/scale-<date>.json and .md. Figures are for reading, never pass/fail.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { ANALYTICS_EVENTS_PATH } from "../../worker/contracts/analytics.ts";
import { systemClock } from "../../worker/clock.ts";
import { createApiKey } from "../../worker/domain/advertisers/api-keys.ts";
import { runScheduledWork } from "../../worker/jobs/scheduler.ts";
import { tableStores, type Store } from "../../worker/db/table-stores.ts";
import { meteredD1, newD1Meter } from "../../worker/timings.ts";
import { prepareSeededState, startBuiltApp } from "../built-app.ts";
import { browserHeaders } from "../http-get.ts";
import { benchSchedulerDeps } from "../local-data.ts";
import { percentile } from "../measure.ts";
import { d1Figures, parseServerTiming, type D1Figures } from "../server-timing.ts";
import { signIn, type SignedIn } from "../signed-in.ts";
import {
  bytesPerTable,
  buildScaleWorld,
  dueWork,
  scaleSubjects,
  worldMonths,
  worldSize,
  type GeneratorNote,
  type TableBytes,
  type WorldSize,
} from "./world.ts";

const port = Number(process.env.SCALE_BENCH_PORT ?? 8872);
const numberFrom = (variable: string, fallback: number) => Number(process.env[variable] ?? fallback);

type Row = { name: string; status: number; statements: number; rowsRead: number; rowsWritten: number; d1Ms: number };
type SizeResult = {
  size: WorldSize;
  buildSeconds: number;
  generator: GeneratorNote[];
  pages: Row[];
  scheduler: Row[];
  tables: TableBytes[];
  totalBytes: number;
  bytesPerActiveCreatorMonth: number;
  /** The tables' bytes summed by the store they belong in (worker/db/table-stores.ts). */
  bytesByStore: Record<Store, number>;
};

/** The stores, in the order the tables list them. */
const stores = ["catalog", "ledger", "campaign", "advertiser"] as const satisfies readonly Store[];

/** D1 allows 10 GB per database; a Durable Object's SQLite, the same. */
const STORE_LIMIT_BYTES = 10 * 1024 ** 3;

function bytesByStore(tables: readonly TableBytes[]): Record<Store, number> {
  const sums = Object.fromEntries(stores.map((store) => [store, 0])) as Record<Store, number>;
  for (const table of tables) {
    // D1's and SQLite's own bookkeeping is no table of the app's.
    if (table.table === "d1_migrations" || /^(_cf_|sqlite_)/.test(table.table)) continue;
    const store = tableStores[table.table];
    if (store === undefined) throw new Error(`${table.table} names no store in worker/db/table-stores.ts`);
    sums[store] += table.bytes;
  }
  return sums;
}

/** A store's bytes per creator and year at this size, and how many creators a year fill 10 GB of it. */
function storeYear(result: SizeResult, store: Store): { bytesPerCreatorYear: number; creatorsTo10Gb: number } {
  const bytesPerCreatorYear = (result.bytesByStore[store] / result.size.creators) * (12 / worldMonths);
  return { bytesPerCreatorYear: Math.round(bytesPerCreatorYear), creatorsTo10Gb: Math.round(STORE_LIMIT_BYTES / bytesPerCreatorYear) };
}

type Who = { creator: SignedIn; owner: SignedIn; admin: SignedIn; apiKey: { keyId: string; secret: string } };
type Case = { name: string; send: (origin: string, who: Who, attempt: number) => Promise<Response> };

const page = (path: string, as: (who: Who) => SignedIn) => ({
  name: `GET ${path}`,
  send: (origin: string, who: Who) => fetch(`${origin}${path}`, { headers: { ...browserHeaders, Cookie: as(who).cookie } }),
});

const { advertiserId, liveCampaignId, finishedCampaignId } = scaleSubjects;

const cases: Case[] = [
  page("/", (who) => who.creator),
  page("/campaigns", (who) => who.creator),
  page(`/campaign/${liveCampaignId}`, (who) => who.creator),
  page("/past-campaigns", (who) => who.creator),
  page("/profile", (who) => who.creator),
  page(`/advertiser/${advertiserId}/reports`, (who) => who.owner),
  page(`/advertiser/${advertiserId}/campaigns/${finishedCampaignId}/report`, (who) => who.owner),
  page("/admin", (who) => who.admin),
  {
    // 100 conversions, half of them from creators' verified wallets (matched), with ids new on every request.
    name: "POST /v1/conversion/event/ingest (100 events)",
    send: (origin, who, attempt) =>
      fetch(`${origin}/v1/conversion/event/ingest`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "api-key": who.apiKey.keyId, "api-secret": who.apiKey.secret },
        body: JSON.stringify({
          events: Array.from({ length: 100 }, (_, index) => ({
            eventId: `scale-ingest-${attempt}-${index}`,
            type: "deposit",
            walletAddress:
              index % 2 === 0 ? `0x${index.toString(16).padStart(40, "0")}` : `0x${(900_000_000 + index).toString(16).padStart(40, "0")}`,
            chain: "evm",
            value: 1_000 + index,
            currency: "USDC",
            occurredAt: Date.now(),
          })),
        }),
      }),
  },
  {
    name: `POST ${ANALYTICS_EVENTS_PATH} (10 events)`,
    send: (origin, _who, attempt) =>
      fetch(`${origin}${ANALYTICS_EVENTS_PATH}`, {
        method: "POST",
        headers: { "Content-Type": "text/plain;charset=UTF-8", Origin: origin },
        body: JSON.stringify({
          deviceId: `scale-device-${attempt}`,
          attribution: { utm_source: "x", utm_campaign: "launch-1" },
          events: Array.from({ length: 10 }, (_, index) => ({
            id: `scale-tracker-${attempt}-${index}`,
            name: index === 0 ? "landing_viewed" : "user_site_redirected",
            occurredAt: Date.now(),
            pagePath: "/landing/scale-adv-0",
            referrer: "https://x.com/",
            properties: { advertiser_id: advertiserId },
          })),
        }),
      }),
  },
];

function median(values: number[]): number {
  return percentile(values, 50);
}

async function measureCase(origin: string, who: Who, testCase: Case, requests: number, attempts: { next: number }): Promise<Row> {
  const figures: D1Figures[] = [];
  let status = 0;
  for (let index = 0; index <= requests; index += 1) {
    const response = await testCase.send(origin, who, (attempts.next += 1));
    await response.arrayBuffer();
    status = response.status;
    if (index > 0) figures.push(d1Figures(parseServerTiming(response.headers.get("server-timing"))));
  }
  return {
    name: testCase.name,
    status,
    statements: median(figures.map((figure) => figure.statements)),
    rowsRead: median(figures.map((figure) => figure.rowsRead)),
    rowsWritten: median(figures.map((figure) => figure.rowsWritten)),
    d1Ms: median(figures.map((figure) => figure.ms)),
  };
}

async function measureSize(buildDir: string, creators: number, log: (line: string) => void): Promise<SizeResult> {
  const size = worldSize(creators);
  const persistTo = `.wrangler/scale/state-${creators}`;
  log(`\nScale world of ${creators.toLocaleString("en")} creators: migrating and seeding ${persistTo}`);
  await prepareSeededState(persistTo);
  const started = performance.now();
  const generator = buildScaleWorld(persistTo, creators, Date.now(), log);
  const buildSeconds = Math.round((performance.now() - started) / 100) / 10;
  log(`  built in ${buildSeconds} s; starting the build on it`);

  const app = await startBuiltApp({ buildDir, persistTo, port });
  let pages: Row[];
  let scheduler: Row[];
  try {
    const db = await app.miniflare.getD1Database("DB");
    const { keyId, secret } = await createApiKey({ db, clock: systemClock }, advertiserId, scaleSubjects.advertiserOwnerId, {
      label: "scale benchmark",
    });
    const who: Who = {
      creator: await signIn(db, app.origin, scaleSubjects.creatorId),
      owner: await signIn(db, app.origin, scaleSubjects.advertiserOwnerId),
      admin: await signIn(db, app.origin, scaleSubjects.adminId),
      apiKey: { keyId, secret },
    };
    const requests = numberFrom("SCALE_REQUESTS", 3);
    const attempts = { next: 0 };
    pages = [];
    for (const testCase of cases) {
      const row = await measureCase(app.origin, who, testCase, requests, attempts);
      log(
        `  ${row.name}: ${row.status}, ${row.statements} statements, ${row.rowsRead} rows read, ${row.rowsWritten} written, ${row.d1Ms} ms`,
      );
      pages.push(row);
    }

    // One scheduler run from Node on the same D1 (X is never asked: no metric is due; maturity has its fixed work).
    const meter = newD1Meter();
    const report = await runScheduledWork({ ...benchSchedulerDeps(meteredD1(db, meter), systemClock), d1Meter: meter });
    scheduler = Object.entries(report.stepD1).map(([name, step]) => ({
      name: `scheduler: ${name}`,
      status: report.failedSteps.includes(name) ? 500 : 200,
      statements: step.statements,
      rowsRead: step.rowsRead,
      rowsWritten: step.rowsWritten,
      d1Ms: step.ms,
    }));
    log(`  scheduler: matured ${report.maturity.matured}, failed steps: ${report.failedSteps.join(", ") || "none"}`);
  } finally {
    await app.dispose();
  }
  const tables = bytesPerTable(persistTo);
  const totalBytes = tables.reduce((sum, table) => sum + table.bytes, 0);
  if (process.env.SCALE_KEEP_STATE !== "1") rmSync(persistTo, { recursive: true, force: true });
  return {
    size,
    buildSeconds,
    generator,
    pages,
    scheduler,
    tables,
    totalBytes,
    bytesPerActiveCreatorMonth: Math.round(totalBytes / (creators * worldMonths)),
    bytesByStore: bytesByStore(tables),
  };
}

const ratio = (large: number, small: number) => (small === 0 ? (large === 0 ? 1 : Number.POSITIVE_INFINITY) : large / small);
const shown = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "∞");

type Comparison = {
  name: string;
  small: Row;
  large: Row;
  ratios: { statements: number; rowsRead: number; rowsWritten: number; d1Ms: number };
};

function compare(small: SizeResult, large: SizeResult): Comparison[] {
  const rows = (result: SizeResult) => [...result.pages, ...result.scheduler];
  const largeByName = new Map(rows(large).map((row) => [row.name, row]));
  return rows(small).flatMap((row) => {
    const other = largeByName.get(row.name);
    if (other === undefined) return [];
    return [
      {
        name: row.name,
        small: row,
        large: other,
        ratios: {
          statements: ratio(other.statements, row.statements),
          rowsRead: ratio(other.rowsRead, row.rowsRead),
          rowsWritten: ratio(other.rowsWritten, row.rowsWritten),
          d1Ms: ratio(other.d1Ms, row.d1Ms),
        },
      },
    ];
  });
}

function markdown(small: SizeResult, large: SizeResult, comparisons: Comparison[], date: string): string {
  const label = (result: SizeResult) => `${result.size.creators.toLocaleString("en")} creators`;
  const lines = [
    `# Scale benchmark, ${date}`,
    "",
    `Sizes: ${label(small)} and ${label(large)} (bench/scale/world.ts). Statements and rows are the median of the measured requests, from D1's result meta; D1 ms is the median time waiting on D1.`,
    "",
    `| case | statements | rows read | rows written | D1 ms | ratio rows read | ratio rows written | ratio D1 ms |`,
    `|---|---|---|---|---|---|---|---|`,
    ...comparisons.map(
      (c) =>
        `| ${c.name} | ${c.small.statements} → ${c.large.statements} | ${c.small.rowsRead} → ${c.large.rowsRead} | ${c.small.rowsWritten} → ${c.large.rowsWritten} | ${c.small.d1Ms} → ${c.large.d1Ms} | ${shown(c.ratios.rowsRead)} | ${shown(c.ratios.rowsWritten)} | ${shown(c.ratios.d1Ms)} |`,
    ),
    "",
    `Bytes per active creator-month (all tables and indexes, ${worldMonths} months of activity): ${small.bytesPerActiveCreatorMonth.toLocaleString("en")} at ${label(small)}, ${large.bytesPerActiveCreatorMonth.toLocaleString("en")} at ${label(large)}.`,
    "",
    `By store (worker/db/table-stores.ts), per creator and year of this world's activity, and the creators a year at which one store of that kind would hold 10 GB (the campaign and advertiser stores: all their objects together, so one object is far from it):`,
    "",
    `| store | bytes (${label(small)}) | per creator-year | bytes (${label(large)}) | per creator-year | creators a year to 10 GB |`,
    `|---|---|---|---|---|---|`,
    ...stores.map((store) => {
      const [atSmall, atLarge] = [storeYear(small, store), storeYear(large, store)];
      return `| ${store} | ${small.bytesByStore[store]} | ${atSmall.bytesPerCreatorYear} | ${large.bytesByStore[store]} | ${atLarge.bytesPerCreatorYear} | ${atLarge.creatorsTo10Gb.toLocaleString("en")} |`;
    }),
    "",
    `| table | rows (${label(small)}) | bytes | bytes / row | rows (${label(large)}) | bytes | bytes / row |`,
    `|---|---|---|---|---|---|---|`,
    ...large.tables
      .filter((table) => table.rows > 0)
      .map((table) => {
        const smaller = small.tables.find((candidate) => candidate.table === table.table);
        const perRow = (entry: TableBytes | undefined) =>
          entry === undefined || entry.rows === 0 ? "" : Math.round(entry.bytes / entry.rows).toString();
        return `| ${table.table} | ${smaller?.rows ?? 0} | ${smaller?.bytes ?? 0} | ${perRow(smaller)} | ${table.rows} | ${table.bytes} | ${perRow(table)} |`;
      }),
    "",
    ...[small, large].flatMap((result) => {
      const skipped = result.generator.filter((note) => note.note !== undefined);
      return skipped.length === 0
        ? []
        : [`Skipped at ${label(result)}: ${skipped.map((note) => `${note.step} (${note.note ?? ""})`).join("; ")}`, ""];
    }),
  ];
  return lines.join("\n");
}

/** The result of `creators` creators in an earlier run's JSON. */
function baseline(file: string, creators: number): SizeResult {
  const earlier = JSON.parse(readFileSync(file, "utf8")) as { small: SizeResult; large: SizeResult };
  const found = [earlier.small, earlier.large].find((result) => result.size.creators === creators);
  if (found === undefined) throw new Error(`${file} has no result for ${creators} creators`);
  return { ...found, bytesByStore: bytesByStore(found.tables) };
}

export async function runScaleBenchmark(buildDir: string): Promise<void> {
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const base = numberFrom("SCALE_CREATORS", 10_000);
  const sizes = process.env.SCALE_SIZES?.split(",").map(Number) ?? [base, base * numberFrom("SCALE_FACTOR", 10)];
  const [smallCreators, largeCreators] = sizes;
  if (smallCreators === undefined || largeCreators === undefined || sizes.some((value) => !Number.isInteger(value) || value < 5)) {
    throw new Error("SCALE_SIZES: two whole numbers of creators, each at least 5");
  }
  log(`Scale benchmark: due work at every size ${JSON.stringify(dueWork)}`);
  const small =
    process.env.SCALE_BASELINE === undefined
      ? await measureSize(buildDir, smallCreators, log)
      : baseline(process.env.SCALE_BASELINE, smallCreators);
  const large = await measureSize(buildDir, largeCreators, log);
  const comparisons = compare(small, large);
  console.log(`\nScale: ${smallCreators.toLocaleString("en")} → ${largeCreators.toLocaleString("en")} creators (ratios large / small)`);
  console.table(
    comparisons.map((c) => ({
      case: c.name,
      statements: `${c.small.statements} → ${c.large.statements}`,
      "rows read": `${c.small.rowsRead} → ${c.large.rowsRead}`,
      "rows written": `${c.small.rowsWritten} → ${c.large.rowsWritten}`,
      "D1 ms": `${c.small.d1Ms} → ${c.large.d1Ms}`,
      "× read": shown(c.ratios.rowsRead),
      "× written": shown(c.ratios.rowsWritten),
      "× D1 ms": shown(c.ratios.d1Ms),
    })),
  );
  console.log(
    `Bytes per active creator-month: ${small.bytesPerActiveCreatorMonth} (${smallCreators} creators), ${large.bytesPerActiveCreatorMonth} (${largeCreators} creators)`,
  );
  console.table(
    stores.map((store) => {
      const atLarge = storeYear(large, store);
      return {
        store,
        [`bytes at ${smallCreators}`]: small.bytesByStore[store],
        [`bytes at ${largeCreators}`]: large.bytesByStore[store],
        "per creator-year": atLarge.bytesPerCreatorYear,
        "creators a year to 10 GB": atLarge.creatorsTo10Gb,
      };
    }),
  );
  const date = new Date().toISOString().slice(0, 10);
  mkdirSync("bench-results", { recursive: true });
  writeFileSync(`bench-results/scale-${date}.json`, JSON.stringify({ date, dueWork, worldMonths, small, large, comparisons }, null, 2));
  writeFileSync(`bench-results/scale-${date}.md`, markdown(small, large, comparisons, date));
  log(`Wrote bench-results/scale-${date}.json and .md`);
}
