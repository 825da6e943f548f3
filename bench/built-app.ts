/**
 * The production build served the way the page benchmarks and the fuzz need it: under Miniflare (the workerd runtime
 * that `wrangler dev` uses, without the dev server's proxy and request logging), on migrated and seeded local data,
 * with the anchor workers (bench/anchors/) in the same workerd process, reached through the same entry by host name.
 */
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build, type Plugin } from "esbuild";
import type * as MiniflareModule from "miniflare";
import type { Miniflare as MiniflareType, V4WorkerOptions } from "miniflare";
import { unstable_getMiniflareWorkerOptions } from "wrangler";
import { workerdChildOf } from "./process-cpu.ts";

/** Host names that reach the anchors instead of the app (Node sends them as `Host` to 127.0.0.1). */
/** The app worker's name under Miniflare (the inspector lists it under this name). */
export const appWorkerName = "chorus";

export const anchorHosts = {
  hono: "hono-anchor.localhost",
  reactStream: "react-anchor.localhost",
  d1RoundTrip: "d1-anchor.localhost",
} as const;

export type Anchors = { hono: string; reactStream: string; d1RoundTrip: string };

const workDir = ".wrangler/page-cost";
const anchorsOut = `${workDir}/anchors`;

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "ignore", "inherit"], env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(" ")} failed (exit ${code})`))));
  });
}

/**
 * A copy of build/ in `into` (default .wrangler/page-cost/build) taken under the build lock (other tools rebuild
 * build/ while a benchmark runs), after building it first unless `skipBuild`. `flock` serialises with the end-to-end
 * tests, which share build/.
 */
export async function snapshotBuild({ skipBuild, into = `${workDir}/build` }: { skipBuild: boolean; into?: string }): Promise<string> {
  mkdirSync(dirname(into), { recursive: true });
  const copy = `rm -rf ${into} && cp -r build ${into}`;
  const log = `${into}.log`;
  const script = skipBuild ? copy : `{ node scripts/build.ts >${log} 2>&1 || { tail -30 ${log} >&2; exit 1; }; } && ${copy}`;
  await run("flock", ["/tmp/chorus-e2e.lock", "sh", "-c", script]);
  if (!existsSync(`${into}/server/wrangler.json`)) throw new Error("No build to measure: run `npm run build` first");
  return into;
}

/** Fresh local data for the benchmark: the D1 migrations and the demo world (scripts/seed.ts), as `npm start` does. */
export async function prepareSeededState(persistTo: string): Promise<void> {
  rmSync(persistTo, { recursive: true, force: true });
  await run("node", ["scripts/ensure-dev-vars.ts"]);
  await run("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo]);
  await run("node", ["scripts/seed.ts"], { CHORUS_PERSIST_TO: persistTo });
}

/** The anchors bundled from the project's own hono, react and react-dom, the way the Cloudflare Vite plugin resolves them. */
export async function bundleAnchors(): Promise<Anchors> {
  await build({
    entryPoints: {
      "hono-hello": "bench/anchors/hono-hello.ts",
      "react-stream": "bench/anchors/react-stream.ts",
      "d1-round-trip": "bench/anchors/d1-round-trip.ts",
    },
    outdir: anchorsOut,
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2023",
    conditions: ["workerd", "worker", "module", "browser"],
    mainFields: ["module", "main"],
    minify: true,
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [nodeBuiltins],
    logLevel: "warning",
  });
  return {
    hono: resolve(anchorsOut, "hono-hello.js"),
    reactStream: resolve(anchorsOut, "react-stream.js"),
    d1RoundTrip: resolve(anchorsOut, "d1-round-trip.js"),
  };
}

/**
 * React's Node renderer `require`s Node's modules by their bare names; under `nodejs_compat` the runtime has them as
 * `node:…`, which the bundle leaves to it (the Cloudflare Vite plugin does the same for the app).
 */
const nodeBuiltins: Plugin = {
  name: "node-builtins",
  setup(build) {
    build.onResolve({ filter: /^(async_hooks|crypto|stream|util)$/ }, (args) => ({ path: args.path, namespace: "node-builtin" }));
    build.onLoad({ filter: /.*/, namespace: "node-builtin" }, (args) => ({ contents: `export * from "node:${args.path}";`, loader: "js" }));
    build.onResolve({ filter: /^node:/ }, (args) => ({ path: args.path, external: true }));
  },
};

// The Miniflare that wrangler itself runs (its API differs between the copies in node_modules).
async function wranglersMiniflare(): Promise<typeof MiniflareModule> {
  const fromWrangler = createRequire(fileURLToPath(import.meta.resolve("wrangler")));
  return (await import(pathToFileURL(fromWrangler.resolve("miniflare")).href)) as typeof MiniflareModule;
}

function javascriptFiles(directory: string): string[] {
  return readdirSync(directory, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".js"))
    .map((file) => join(directory, file));
}

function logLinesTo(file: string): (log: { level: string; message: string }) => void {
  const stream = createWriteStream(file);
  return ({ level, message }) => stream.write(`${level} ${message}\n`);
}

export type BuiltApp = {
  origin: string;
  port: number;
  miniflare: MiniflareType;
  /** The workerd process running the app, the anchors, local D1 and KV. */
  workerdPid: number;
  dispose(): Promise<void>;
};

/**
 * Starts the build under Miniflare on `port`, with the anchors beside it when given. `inspectorPort` opens the DevTools
 * inspector on the app's worker (bench/profile-page.ts). `withAssets: false` leaves out Miniflare's static-assets layer,
 * which it puts only in front of its fallback worker (the app), never in front of workers reached by a route (the
 * anchors): static files then answer 404, and the app's figure is comparable with the anchors'. `vars` set or replace
 * the app's variables (the fuzz points it at the local emulators with them); `logFile` takes the runtime's log lines
 * (the app's console) instead of this process's output.
 */
export async function startBuiltApp({
  buildDir,
  persistTo,
  port,
  anchors,
  inspectorPort,
  withAssets = true,
  vars = {},
  logFile,
}: {
  buildDir: string;
  persistTo: string;
  port: number;
  anchors?: Anchors;
  inspectorPort?: number;
  withAssets?: boolean;
  vars?: Record<string, string>;
  logFile?: string;
}): Promise<BuiltApp> {
  const { Miniflare, convertV4MiniflareOptions } = await wranglersMiniflare();
  const serverDir = resolve(buildDir, "server");
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(serverDir, "wrangler.json"));
  // Module rules cannot be converted to the runtime's options; the build's modules are listed instead.
  // (Typed from the project's copy of miniflare: wrangler's declaration names its own copy's types.)
  const {
    modulesRules: _rules,
    assets,
    ...appOptions
  } = workerOptions as unknown as V4WorkerOptions & { bindings?: Record<string, unknown> };
  const origin = `http://127.0.0.1:${port}`;
  const runtime = { compatibilityDate: appOptions.compatibilityDate, compatibilityFlags: appOptions.compatibilityFlags };
  const anchorWorker = (name: string, scriptPath: string, host: string) => ({
    name,
    ...runtime,
    modules: true,
    scriptPath,
    routes: [`${host}/*`],
  });
  const miniflare = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port,
      ...(inspectorPort === undefined ? {} : { inspectorPort }),
      ...(logFile === undefined ? {} : { handleStructuredLogs: logLinesTo(logFile) }),
      resourcePersistencePath: resolve(persistTo, "v3"),
      workers: [
        {
          ...appOptions,
          ...(withAssets ? { assets } : {}),
          name: appWorkerName,
          ...(inspectorPort === undefined ? {} : { unsafeInspectorProxy: true }),
          modulesRoot: serverDir,
          modules: javascriptFiles(serverDir).map((path) => ({ type: "ESModule" as const, path })),
          // As `npm start` does: the app's own origin is the one it is served on.
          bindings: { ...appOptions.bindings, APP_ORIGINS: `${origin},http://localhost:${port}`, ...vars },
        },
        // After the app, which is the fallback for hosts that no route names.
        ...(anchors === undefined
          ? []
          : [
              anchorWorker("anchor-hono", anchors.hono, anchorHosts.hono),
              anchorWorker("anchor-react-stream", anchors.reactStream, anchorHosts.reactStream),
              // The app's own local D1, so its round trip costs what the app's do.
              {
                ...anchorWorker("anchor-d1-round-trip", anchors.d1RoundTrip, anchorHosts.d1RoundTrip),
                d1Databases: appOptions.d1Databases,
              },
            ]),
      ],
    }),
  );
  await miniflare.ready;
  const workerdPid = workerdChildOf(process.pid);
  return { origin, port, miniflare, workerdPid, dispose: () => miniflare.dispose() };
}
