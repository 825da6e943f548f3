/**
 * `BENCH_ONLY=profile npm run bench`: where the worker's CPU goes on a page. The production build under Miniflare
 * (as page-cost runs it, on freshly seeded data) with the DevTools inspector open on the app's worker; per page, the
 * CPU per request of the workerd process without the profiler, then V8's sampling profiler over the same requests.
 * Prints the top functions by self and by total time (resolved through the build's source maps) and the self time by
 * package, and writes bench-results/profile-<page>.cpuprofile, which Chrome DevTools opens (Performance panel).
 *
 * `PROFILE_PAGES` (comma-separated; default all): home, landing, dashboard, dashboard-json, or a path, taken signed in
 * when `PROFILE_SIGNED_IN=1` and on `PROFILE_HOST` when set. `PROFILE_REQUESTS` (500), `PROFILE_WARM_UP` (100),
 * `PROFILE_INTERVAL_US` (50), `PROFILE_TOP` (15). `PROFILE_ASSETS=0` serves the app without Miniflare's static-assets
 * layer (static files then answer 404), to price that layer: Miniflare puts it only in front of its fallback worker,
 * which is why workers reached by a route, like page-cost's anchors, never pass through it, `assets` or not.
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { SourceMap } from "node:module";
import { basename, join, resolve } from "node:path";
import { appWorkerName, prepareSeededState, startBuiltApp } from "./built-app.ts";
import { get, singleConnection, type GetTarget } from "./http-get.ts";
import { fileSlug } from "./measure.ts";
import { benchCreatorId } from "./page-cost.ts";
import { processCpuMs } from "./process-cpu.ts";
import { signIn, type SignedIn } from "./signed-in.ts";

const workDir = ".wrangler/profile";
const port = 8871;
const inspectorPort = 9239;
const numberFrom = (variable: string, fallback: number) => Number(process.env[variable] ?? fallback);

type ProfiledPage = { name: string; target: (signedIn: SignedIn) => GetTarget };

const presets: Record<string, ProfiledPage> = {
  home: { name: "home", target: () => ({ path: "/" }) },
  landing: { name: "landing", target: () => ({ host: "aurora.localhost", path: "/landing/aurora" }) },
  dashboard: { name: "dashboard", target: (s) => ({ path: "/", headers: { Cookie: s.cookie } }) },
  "dashboard-json": {
    name: "dashboard-json",
    target: (s) => ({ path: "/v1/page/dashboard", headers: { Authorization: `Bearer ${s.accessToken}`, Accept: "application/json" } }),
  },
};

function pagesWanted(): ProfiledPage[] {
  const names = (process.env.PROFILE_PAGES ?? Object.keys(presets).join(",")).split(",").filter((name) => name.length > 0);
  return names.map((name): ProfiledPage => {
    const preset = presets[name];
    if (preset !== undefined) return preset;
    if (!name.startsWith("/")) throw new Error(`PROFILE_PAGES: "${name}" is neither ${Object.keys(presets).join(", ")} nor a path`);
    const host = process.env.PROFILE_HOST;
    const signedIn = process.env.PROFILE_SIGNED_IN === "1";
    return {
      name: fileSlug(name) || "root",
      target: (s) => ({ path: name, ...(host ? { host } : {}), ...(signedIn ? { headers: { Cookie: s.cookie } } : {}) }),
    };
  });
}

// ---- Chrome DevTools Protocol over the inspector's WebSocket ----

type Inspector = { send(method: string, params?: Record<string, unknown>): Promise<unknown>; close(): void };

async function connectInspector(): Promise<Inspector> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl.endsWith(`/${appWorkerName}`));
  if (target === undefined) throw new Error(`No inspector target for the worker "${appWorkerName}"`);
  // The inspector proxy accepts DevTools from localhost origins only; undici's WebSocket takes extra headers.
  const socket = new WebSocket(target.webSocketDebuggerUrl, { headers: { Origin: "http://localhost" } } as unknown as string[]);
  await new Promise<void>((resolvePromise, reject) => {
    socket.addEventListener("open", () => resolvePromise(), { once: true });
    socket.addEventListener("error", () => reject(new Error(`Could not connect to ${target.webSocketDebuggerUrl}`)), { once: true });
  });
  let nextId = 1;
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event: MessageEvent<string>) => {
    const message = JSON.parse(event.data) as { id?: number; result?: unknown; error?: { message: string } };
    if (message.id === undefined) return;
    const call = pending.get(message.id);
    pending.delete(message.id);
    if (message.error !== undefined) call?.reject(new Error(message.error.message));
    else call?.resolve(message.result);
  });
  return {
    send: (method, params = {}) =>
      new Promise((resolvePromise, reject) => {
        const id = nextId++;
        pending.set(id, { resolve: resolvePromise, reject });
        socket.send(JSON.stringify({ id, method, params }));
      }),
    close: () => socket.close(),
  };
}

// ---- The profile: self and total time per function, self time per package ----

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

type Place = { name: string; where: string; pkg: string };

/** Source maps of the built worker, by script file name, to turn bundle positions back into source files and lines. */
function sourceMapsOf(serverDir: string): Map<string, SourceMap> {
  const maps = new Map<string, SourceMap>();
  for (const file of readdirSync(serverDir, { recursive: true, encoding: "utf8" })) {
    if (!file.endsWith(".js.map")) continue;
    maps.set(basename(file, ".map"), new SourceMap(JSON.parse(readFileSync(join(serverDir, file), "utf8"))));
  }
  return maps;
}

function packageOf(source: string): string {
  const nodeModules = source.lastIndexOf("node_modules/");
  if (nodeModules !== -1) {
    const [scopeOrName = "", name = ""] = source.slice(nodeModules + "node_modules/".length).split("/");
    return scopeOrName.startsWith("@") ? `${scopeOrName}/${name}` : scopeOrName;
  }
  const project = /(?:^|\/)(app|worker)\/([^/]+)/.exec(source);
  if (project !== null) return project[1] === "app" ? "app/" : `worker/${project[2]?.replace(/\.tsx?$/, "") ?? ""}`;
  return source;
}

function placeOf(frame: CallFrame, maps: Map<string, SourceMap>): Place {
  const name = frame.functionName || "(anonymous)";
  if (frame.url === "") return { name, where: "", pkg: name.startsWith("(") ? name : "(native)" };
  const map = maps.get(basename(frame.url));
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (entry !== undefined && "originalSource" in entry) {
    const source = entry.originalSource.replace(/^.*?\/(node_modules|app|worker)\//, "$1/");
    return { name: (entry as { name?: string }).name ?? name, where: `${source}:${entry.originalLine + 1}`, pkg: packageOf(source) };
  }
  return { name, where: `${basename(frame.url)}:${frame.lineNumber + 1}:${frame.columnNumber + 1}`, pkg: basename(frame.url) };
}

type FunctionCost = { function: string; where: string; selfMs: number; totalMs: number };
type Summary = { profiledMs: number; functions: FunctionCost[]; packages: { package: string; selfMs: number }[] };

function summarise(profile: CpuProfile, maps: Map<string, SourceMap>): Summary {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const placeOfNode = new Map(profile.nodes.map((node) => [node.id, placeOf(node.callFrame, maps)]));
  const keyOf = (place: Place) => `${place.name}\u0000${place.where}`;
  const stackKeys = new Map<number, Set<string>>();
  const keysOnStack = (id: number): Set<string> => {
    const known = stackKeys.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const keys = new Set(parent === undefined ? [] : keysOnStack(parent));
    const place = placeOfNode.get(id);
    if (place !== undefined && nodes.get(id)?.callFrame.functionName !== "(root)") keys.add(keyOf(place));
    stackKeys.set(id, keys);
    return keys;
  };

  const costs = new Map<string, FunctionCost>();
  const packages = new Map<string, number>();
  let profiledMs = 0;
  profile.samples.forEach((nodeId, index) => {
    // The delta before the next sample is the time spent in this one.
    const ms = (profile.timeDeltas[index + 1] ?? 0) / 1000;
    const place = placeOfNode.get(nodeId);
    if (place === undefined || place.name === "(idle)") return;
    profiledMs += ms;
    packages.set(place.pkg, (packages.get(place.pkg) ?? 0) + ms);
    const selfKey = keyOf(place);
    for (const key of keysOnStack(nodeId)) {
      const [name = "", where = ""] = key.split("\u0000");
      const cost = costs.get(key) ?? { function: name, where, selfMs: 0, totalMs: 0 };
      cost.totalMs += ms;
      if (key === selfKey) cost.selfMs += ms;
      costs.set(key, cost);
    }
  });
  return {
    profiledMs,
    functions: [...costs.values()],
    packages: [...packages.entries()].map(([pkg, selfMs]) => ({ package: pkg, selfMs })).sort((a, b) => b.selfMs - a.selfMs),
  };
}

// ---- The run ----

async function cpuPerRequest(origin: string, workerdPid: number, target: GetTarget, requests: number): Promise<number> {
  const agent = singleConnection();
  try {
    const before = processCpuMs(workerdPid);
    for (let index = 0; index < requests; index += 1) {
      const { status } = await get(origin, target, agent);
      if (status !== 200) throw new Error(`${target.host ?? ""}${target.path} answered ${status}`);
    }
    return (processCpuMs(workerdPid) - before) / requests;
  } finally {
    agent.destroy();
  }
}

function printSummary(page: string, requests: number, cpuMs: number, summary: Summary, top: number): void {
  const perRequest = (ms: number) => (ms / requests).toFixed(3);
  console.log(
    `\n${page}: ${cpuMs.toFixed(2)} ms CPU / request of the workerd process without the profiler; ` +
      `${perRequest(summary.profiledMs)} ms / request sampled on the app's isolate thread (wall time under the profiler, so ` +
      "inflated by it and by other load; native frames, D1's included, are attributed loosely: compare JS functions, not totals)",
  );
  const rows = (sorted: FunctionCost[]) =>
    sorted.slice(0, top).map((cost) => ({
      function: cost.function.slice(0, 40),
      where: cost.where.slice(-70),
      "self ms/req": perRequest(cost.selfMs),
      "total ms/req": perRequest(cost.totalMs),
    }));
  console.log("By self time:");
  console.table(rows([...summary.functions].sort((a, b) => b.selfMs - a.selfMs)));
  console.log("By total time:");
  console.table(rows([...summary.functions].filter((cost) => cost.where !== "").sort((a, b) => b.totalMs - a.totalMs)));
  console.log("Self time by package:");
  console.table(summary.packages.slice(0, top).map((row) => ({ package: row.package, "self ms/req": perRequest(row.selfMs) })));
}

/** Profiles the build in `buildDir` (a snapshot taken by scripts/bench.ts). */
export async function runProfileBenchmark(buildDir: string): Promise<void> {
  const requests = numberFrom("PROFILE_REQUESTS", 500);
  const warmUp = numberFrom("PROFILE_WARM_UP", 100);
  const top = numberFrom("PROFILE_TOP", 15);
  const withAssets = process.env.PROFILE_ASSETS !== "0";
  const persistTo = `${workDir}/state`;
  rmSync(persistTo, { recursive: true, force: true });
  await prepareSeededState(persistTo);
  const maps = sourceMapsOf(resolve(buildDir, "server"));
  const app = await startBuiltApp({ buildDir, persistTo, port, inspectorPort, withAssets });
  try {
    const signedIn = await signIn(await app.miniflare.getD1Database("DB"), app.origin, benchCreatorId);
    const inspector = await connectInspector();
    try {
      await inspector.send("Profiler.enable");
      await inspector.send("Profiler.setSamplingInterval", { interval: numberFrom("PROFILE_INTERVAL_US", 50) });
      mkdirSync("bench-results", { recursive: true });
      console.log(`Profiling the production build under Miniflare${withAssets ? "" : ", without the static-assets layer"}`);
      for (const page of pagesWanted()) {
        const target = page.target(signedIn);
        await cpuPerRequest(app.origin, app.workerdPid, target, warmUp);
        const cpuMs = await cpuPerRequest(app.origin, app.workerdPid, target, requests);
        await inspector.send("Profiler.start");
        await cpuPerRequest(app.origin, app.workerdPid, target, requests);
        const { profile } = (await inspector.send("Profiler.stop")) as { profile: CpuProfile };
        const file = `bench-results/profile-${page.name}.cpuprofile`;
        writeFileSync(file, JSON.stringify(profile));
        printSummary(`${page.name} (${target.host ?? "127.0.0.1"}${target.path})`, requests, cpuMs, summarise(profile, maps), top);
        console.log(`Raw profile: ${file}`);
      }
    } finally {
      inspector.close();
    }
  } finally {
    await app.dispose();
  }
}
