/**
 * `npm start`: the whole product on one machine with embedded defaults. Checks the install, writes local secrets once
 * (.dev.vars), builds the app, applies the D1 migrations and seeds the demo data (both idempotent), then serves the
 * worker through wrangler/workerd beside the local emulators of outside services (README "Local emulators").
 *
 *   --port <n>          port to serve on (default 8787, or $PORT); the emulators take the ports after it: X port + 3,
 *                       the mail outbox port + 4, the payout rail port + 5, the telemetry sink port + 6, the Bluesky
 *                       stand-in port + 7
 *   --persist-to <dir>  where D1, KV, R2 and the emulators keep their data (default .wrangler/state)
 *   --fresh             start from empty data (used by the end-to-end tests and the benchmark)
 *   --skip-build        serve the existing build
 *
 * It prints a line per step and one banner (the URLs, the demo people, the demo API keys when the seed makes them);
 * the programs' own output goes to .wrangler/logs/start-<time>-<port>.log (scripts/start-log.ts). A failed step prints
 * its output in full, and so do the worker's errors once it runs.
 *
 * The rewards scheduler runs by itself: `wrangler dev` does not fire cron triggers, so it is started with
 * a ticker calling the scheduled handler through wrangler's `/cdn-cgi/handler/scheduled` once the worker is up and
 * then every 60 s
 * (docs/decisions/008-ledger-and-rewards.md).
 */
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { packagesNotInstalled } from "./installed-packages.ts";
import { localEmulators, localWorkerVars, waitForEmulators, wranglerDevArgs } from "./local-emulators.ts";
import { startBanner } from "./start-banner.ts";
import { StepFailedError, openStartLog, step, type RunningProgram } from "./start-log.ts";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
  },
});
const persistTo = options["persist-to"];
const port = Number(options.port);
const origin = `http://127.0.0.1:${port}`;
const log = openStartLog(port);
const children = new Set<ChildProcess>();
let stopping = false;

function launch(command: string, args: string[], env: Record<string, string> = {}, onLine?: (line: string) => void): RunningProgram {
  const running = log.run(command, args, { CHORUS_PERSIST_TO: persistTo, ...env }, onLine);
  children.add(running.child);
  running.child.on("exit", () => children.delete(running.child));
  return running;
}

const run = (command: string, args: string[]) => launch(command, args).exited;

/** Runs an emulator beside the worker; if it dies, everything stops rather than half-working. */
function startEmulator(label: string, script: string, env: Record<string, string>): void {
  launch("node", [script], env).exited.catch((error: unknown) => {
    if (stopping) return;
    reportFailure(`${label} stopped`, error);
    stopAll("SIGTERM");
  });
}

/** The worker's lines worth a person's eye once it runs (its errors); everything is in the log anyway. */
function isWorkerError(line: string): boolean {
  return /\[ERROR\]|Uncaught|✘/.test(line);
}

/** Resolves once the worker answers /ping; rejects if it exits first. */
async function workerAnswering(worker: RunningProgram): Promise<void> {
  let exited = false;
  worker.exited.catch(() => undefined).finally(() => (exited = true));
  while (!exited) {
    try {
      if ((await fetch(`${origin}/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await worker.exited;
  throw new StepFailedError("The worker stopped before it answered", "");
}

const SCHEDULER_TICK_MS = 60_000;

/** Calls the worker's scheduled handler (as the cron trigger would) now, then every minute. */
function startSchedulerTicker(): { stop(): void } {
  const tick = async () => {
    try {
      const response = await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
      if (!response.ok) console.warn(`Scheduler tick: the worker answered ${response.status}`);
    } catch {
      // The worker is restarting or stopping; the next tick tries again.
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), SCHEDULER_TICK_MS);
  return { stop: () => clearInterval(timer) };
}

function reportFailure(what: string, error: unknown): void {
  const output = error instanceof StepFailedError ? error.output.trimEnd() : "";
  if (output !== "") console.error(output);
  console.error(`\n${what}: ${error instanceof Error ? error.message : String(error)}`);
  console.error(`Full log: ${log.path}`);
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

try {
  await step("Install check", async () => {
    const missing = packagesNotInstalled();
    if (missing.length > 0) {
      throw new Error(`node_modules lacks ${missing.join(", ")}: run npm install`);
    }
  });
  if (options.fresh) rmSync(persistTo, { recursive: true, force: true });
  if (options["skip-build"]) await step("Local secrets (build skipped)", () => run("node", ["scripts/ensure-dev-vars.ts"]));
  else await step("Build", () => run("node", ["scripts/build.ts"]));
  await step("Database migrations", () => run("node", ["scripts/migrate.ts"]));
  const seeded = await step(
    "Demo data",
    async () => (await run("node", ["scripts/seed.ts"])).split("\n"),
    (lines) => lines.find((line) => line.startsWith("Demo data ready: "))?.slice("Demo data ready: ".length) ?? "",
  );

  const emulators = localEmulators(port, persistTo);
  await step("Stand-ins", async () => {
    for (const emulator of emulators) startEmulator(emulator.label, emulator.script, emulator.env);
    await waitForEmulators(emulators);
  });

  let running = false;
  const worker = launch("wrangler", wranglerDevArgs(port, persistTo, localWorkerVars(port)), {}, (line) => {
    if (running && isWorkerError(line)) console.error(line);
  });
  await step("Worker", () => workerAnswering(worker));
  running = true;
  console.log(
    startBanner({
      appUrl: origin,
      standIns: emulators.map((emulator) => ({ label: emulator.label, url: emulator.url })),
      demoKeyLines: seeded.filter((line) => line.startsWith("Demo API key for ")),
      logPath: log.path,
    }),
  );
  const ticker = startSchedulerTicker();
  try {
    await worker.exited;
  } finally {
    ticker.stop();
  }
} catch (error) {
  // Children ended by our own SIGINT/SIGTERM are a normal stop, not a failure.
  if (!stopping) {
    reportFailure("npm start failed", error);
    stopAll("SIGTERM");
    process.exitCode = 1;
  }
}
