/**
 * What a page costs the runtime: the production build under Miniflare on seeded local data, N sequential requests
 * per case on one keep-alive connection after a warm-up, CPU of the whole workerd process (every thread) per request,
 * median of several runs on fresh processes. Two anchors run in the same process, built from the same packages: a
 * bare Hono route and React's `renderToReadableStream` of a static 8 KB page; beside them two floors: a Hono route
 * making one local D1 round trip (`SELECT 1`), the least anything that reads D1 costs here, and one sending the
 * dashboard's own statements, the least its JSON could cost. Each page's `Server-Timing` tells where its time went.
 * The main pages are measured again in a second process without Miniflare's static-assets layer, which sits in front
 * of the app but never of the anchors. Timings are printed, never asserted.
 */
import { cpus } from "node:os";
import { anchorHosts, startBuiltApp, type Anchors, type BuiltApp } from "./built-app.ts";
import { get, singleConnection, type GetTarget } from "./http-get.ts";
import { percentile } from "./measure.ts";
import { processCpuMs, workerdVersion } from "./process-cpu.ts";
import { d1RoundTrips, parseServerTiming } from "./server-timing.ts";
import { signIn, type SignedIn } from "./signed-in.ts";

/** The seeded creator the signed-in cases act as, and a campaign of theirs (fixtures/demo-world.ts). */
export const benchCreatorId = "user-ada_creates";
export const benchCampaignId = "campaign-aurora-launch";

/**
 * `withoutAssets`: served by a second process without Miniflare's static-assets layer, as the anchors are.
 * `newEveryTime`: each request gets a query string of its own, so a page the worker keeps for every visitor
 * (worker/ssr/document-cache.ts) is rendered every time, as for a visitor the isolate has not served yet.
 * `anchor`: measured whatever `only` names; Hono's and React's are what the ratios divide by, the floors (bare routes
 * reading local D1) show what a page's reads cost before the app does anything with them.
 */
type Case = {
  name: string;
  anchor?: "hono" | "reactStream" | "floor";
  withoutAssets?: true;
  newEveryTime?: true;
  target: (signedIn: SignedIn) => GetTarget;
};

const bearer = (signedIn: SignedIn) => ({ Authorization: `Bearer ${signedIn.accessToken}`, Accept: "application/json" });

export const pageCostCases: Case[] = [
  { name: 'Hono "hello" (anchor, same runtime)', anchor: "hono", target: () => ({ host: anchorHosts.hono, path: "/" }) },
  {
    name: "React 19 renderToReadableStream, 8 KB (anchor)",
    anchor: "reactStream",
    target: () => ({ host: anchorHosts.reactStream, path: "/" }),
  },
  {
    name: "Hono + one D1 round trip, SELECT 1 (the floor of a page that reads)",
    anchor: "floor",
    target: () => ({ host: anchorHosts.d1RoundTrip, path: "/" }),
  },
  {
    name: "Hono + the dashboard's own D1 statements, one round trip (the floor of its JSON)",
    anchor: "floor",
    target: (s) => ({ host: anchorHosts.d1RoundTrip, path: `/dashboard-statements?user=${s.userId}&session=${s.sessionId}` }),
  },
  // Miniflare runs the static-assets layer inside the measured process, in front of the app (not of the anchors); on
  // Cloudflare it runs before the worker. A static file shows what that layer alone costs.
  { name: "/favicon.svg (static asset: the assets layer alone)", target: () => ({ path: "/favicon.svg" }) },
  { name: "/ping", target: () => ({ path: "/ping" }) },
  { name: "/ signed out (sign-in page)", target: () => ({ path: "/" }) },
  { name: "/landing/aurora on aurora.localhost", target: () => ({ host: "aurora.localhost", path: "/landing/aurora" }) },
  { name: "/ signed in (dashboard SSR)", target: (s) => ({ path: "/", headers: { Cookie: s.cookie } }) },
  { name: `/campaign/${benchCampaignId}`, target: (s) => ({ path: `/campaign/${benchCampaignId}`, headers: { Cookie: s.cookie } }) },
  { name: "/profile", target: (s) => ({ path: "/profile", headers: { Cookie: s.cookie } }) },
  { name: "GET /v1/page/dashboard", target: (s) => ({ path: "/v1/page/dashboard", headers: bearer(s) }) },
  {
    name: `GET /v1/page/campaign/${benchCampaignId}`,
    target: (s) => ({ path: `/v1/page/campaign/${benchCampaignId}`, headers: bearer(s) }),
  },
  { name: "GET /v1/page/profile", target: (s) => ({ path: "/v1/page/profile", headers: bearer(s) }) },
  // Miniflare puts the assets layer only in front of its fallback worker (the app), never in front of a worker reached
  // by a route (the anchors), and on Cloudflare it is not the worker's CPU: the app alone, comparable with the anchors.
  { name: "/ping, without the assets layer", withoutAssets: true, target: () => ({ path: "/ping" }) },
  { name: "/ signed out, without the assets layer", withoutAssets: true, target: () => ({ path: "/" }) },
  {
    name: "/landing/aurora, without the assets layer",
    withoutAssets: true,
    target: () => ({ host: "aurora.localhost", path: "/landing/aurora" }),
  },
  {
    name: "/landing/aurora, rendered every time, without the assets layer",
    withoutAssets: true,
    newEveryTime: true,
    target: () => ({ host: "aurora.localhost", path: "/landing/aurora" }),
  },
  {
    name: "/ signed in (dashboard SSR), without the assets layer",
    withoutAssets: true,
    target: (s) => ({ path: "/", headers: { Cookie: s.cookie } }),
  },
  {
    name: "GET /v1/page/dashboard, without the assets layer",
    withoutAssets: true,
    target: (s) => ({ path: "/v1/page/dashboard", headers: bearer(s) }),
  },
];

type CaseRun = { cpuMsPerRequest: number; timings: Record<string, number[]>; d1RoundTrips: number[] };

export type PageCostRow = {
  request: string;
  /** Why the case was left out, when it was (an endpoint the build does not have). */
  skipped?: string;
  cpuMsPerRequest: number;
  cpuMsPerRequestByRun: number[];
  timesHono: number;
  timesReactStream: number;
  /** Median of the round trips the responses reported. */
  d1RoundTrips: number;
  /** Median ms of each Server-Timing entry over every measured response of every run. */
  serverTimingMedians: Record<string, number>;
};

export type PageCostResult = {
  machine: { cpus: number; cpuModel: string; node: string; workerd: string };
  runtimeNote: string;
  requestsPerRun: number;
  warmUp: number;
  runs: number;
  rows: PageCostRow[];
};

async function measureCase(app: BuiltApp, target: GetTarget, requests: number, warmUp: number, newEveryTime: boolean): Promise<CaseRun> {
  const agent = singleConnection();
  let visit = 0;
  const nextTarget = () => (newEveryTime ? { ...target, path: `${target.path}?visit=${(visit += 1)}` } : target);
  try {
    for (let index = 0; index < warmUp; index += 1) await get(app.origin, nextTarget(), agent);
    const timings: Record<string, number[]> = {};
    const roundTrips: number[] = [];
    const before = processCpuMs(app.workerdPid);
    for (let index = 0; index < requests; index += 1) {
      const response = await get(app.origin, nextTarget(), agent);
      if (response.status !== 200) throw new Error(`${target.host ?? ""}${target.path} answered ${response.status}`);
      const entries = parseServerTiming(response.serverTiming);
      for (const entry of entries) (timings[entry.name] ??= []).push(entry.durMs);
      roundTrips.push(d1RoundTrips(entries));
    }
    const cpuMsPerRequest = (processCpuMs(app.workerdPid) - before) / requests;
    return { cpuMsPerRequest, timings, d1RoundTrips: roundTrips };
  } finally {
    agent.destroy();
  }
}

/** Cases whose endpoint the build does not have (404 signed in) are skipped with a note rather than failing the run. */
async function missingEndpoint(app: BuiltApp, target: GetTarget): Promise<string | undefined> {
  const { status } = await get(app.origin, target);
  if (status === 404) return "not an endpoint of this build (404)";
  if (status !== 200) throw new Error(`${target.host ?? ""}${target.path} answered ${status}`);
  return undefined;
}

const median = (values: number[]) => percentile(values, 50);

export async function runPageCost(options: {
  buildDir: string;
  persistTo: string;
  port: number;
  anchors: Anchors;
  requests: number;
  warmUp: number;
  runs: number;
  /** Words naming the cases to measure (a case runs when its name contains one); the anchors always run. */
  only?: readonly string[];
  log?: (line: string) => void;
}): Promise<PageCostResult> {
  const measured = (benchCase: Case) =>
    benchCase.anchor !== undefined || options.only === undefined || options.only.some((word) => benchCase.name.includes(word));
  const perCase = new Map<string, CaseRun[]>(pageCostCases.map(({ name }) => [name, []]));
  const skipped = new Map<string, string>();
  let workerd = "unknown";
  for (let run = 1; run <= options.runs; run += 1) {
    for (const withAssets of [true, false]) {
      const app = await startBuiltApp({ ...options, withAssets });
      try {
        workerd = workerdVersion(app.workerdPid);
        const signedIn = await signIn(await app.miniflare.getD1Database("DB"), app.origin, benchCreatorId);
        for (const benchCase of pageCostCases.filter((c) => (c.withoutAssets !== true) === withAssets && measured(c))) {
          const target = benchCase.target(signedIn);
          if (run === 1) {
            const reason = await missingEndpoint(app, target);
            if (reason !== undefined) skipped.set(benchCase.name, reason);
          }
          if (skipped.has(benchCase.name)) continue;
          options.log?.(`page-cost run ${run}/${options.runs}: ${benchCase.name}`);
          perCase
            .get(benchCase.name)
            ?.push(await measureCase(app, target, options.requests, options.warmUp, benchCase.newEveryTime === true));
        }
      } finally {
        await app.dispose();
      }
    }
  }

  const cpuOf = (anchor: "hono" | "reactStream") => {
    const name = pageCostCases.find((c) => c.anchor === anchor)?.name ?? "";
    return median((perCase.get(name) ?? []).map((r) => r.cpuMsPerRequest));
  };
  const hono = cpuOf("hono");
  const reactStream = cpuOf("reactStream");
  const rows = pageCostCases.filter(measured).map(({ name }): PageCostRow => {
    const runs = perCase.get(name) ?? [];
    const cpu = median(runs.map((r) => r.cpuMsPerRequest));
    const timingNames = [...new Set(runs.flatMap((r) => Object.keys(r.timings)))];
    return {
      request: name,
      ...(skipped.has(name) ? { skipped: skipped.get(name) } : {}),
      cpuMsPerRequest: cpu,
      cpuMsPerRequestByRun: runs.map((r) => r.cpuMsPerRequest),
      timesHono: cpu / hono,
      timesReactStream: cpu / reactStream,
      d1RoundTrips: median(runs.flatMap((r) => r.d1RoundTrips)),
      serverTimingMedians: Object.fromEntries(timingNames.map((timing) => [timing, median(runs.flatMap((r) => r.timings[timing] ?? []))])),
    };
  });
  const [firstCpu] = cpus();
  return {
    machine: { cpus: cpus().length, cpuModel: firstCpu?.model ?? "unknown", node: process.version, workerd },
    runtimeNote:
      "CPU is that of the whole workerd process (all threads), which here also runs local D1 (SQLite) and KV; on Cloudflare they run elsewhere and cost the worker no CPU, only waiting.",
    requestsPerRun: options.requests,
    warmUp: options.warmUp,
    runs: options.runs,
    rows,
  };
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(2) : "–");
const ratio = (value: number) => (Number.isFinite(value) ? value.toFixed(1) : "–");

/** The table, one row per request, Server-Timing medians beside the CPU figure. */
export function printPageCost(result: PageCostResult): void {
  const { machine } = result;
  console.log(
    `\nPage cost: the production build under Miniflare, ${result.requestsPerRun} sequential requests per case on one keep-alive connection after ${result.warmUp} warm-up requests, CPU of the workerd process, median of ${result.runs} runs on fresh processes`,
  );
  console.log(`Machine: ${machine.cpus} × ${machine.cpuModel}; Node ${machine.node}; ${machine.workerd}`);
  console.log(result.runtimeNote);
  console.table(
    result.rows.map((row) => {
      const t = row.serverTimingMedians;
      const queries = Object.entries(t)
        .filter(([name]) => name.startsWith("q-"))
        .map(([name, value]) => `${name} ${value.toFixed(1)}`)
        .join(", ");
      return row.skipped !== undefined
        ? { request: row.request, "ms CPU / request": `skipped: ${row.skipped}` }
        : {
            request: row.request,
            "ms CPU / request": ms(row.cpuMsPerRequest),
            "× Hono": ratio(row.timesHono),
            "× React stream": ratio(row.timesReactStream),
            "D1 round trips": row.d1RoundTrips,
            session: t.session?.toFixed(1) ?? "",
            brand: t.brand?.toFixed(1) ?? "",
            queries,
            render: t.render?.toFixed(1) ?? "",
            d1: t.d1?.toFixed(1) ?? "",
            total: t.total?.toFixed(1) ?? "",
          };
    }),
  );
  console.log(
    "Server-Timing columns: median ms per entry as the worker reports it (session, brand, q-* query groups, render, d1 wait, total).",
  );
}
