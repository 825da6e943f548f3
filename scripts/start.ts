/**
 * `npm start`: the whole product on one machine with embedded defaults. Writes local secrets once (.dev.vars),
 * builds the app, applies the D1 migrations and seeds the demo data (both idempotent), then serves the worker
 * through wrangler/workerd beside the local emulators of outside services (README "Local emulators").
 *
 *   --port <n>          port to serve on (default 8787, or $PORT); the emulators take the ports after it: X port + 3,
 *                       the mail outbox port + 4, the payout rail port + 5, the telemetry sink port + 6
 *   --persist-to <dir>  where D1, KV, R2 and the emulators keep their data (default .wrangler/state)
 *   --fresh             start from empty data (used by the end-to-end tests)
 *   --skip-build        serve the existing build
 *
 * The rewards scheduler runs by itself: `wrangler dev` does not fire cron triggers, so it is started with
 * a ticker calling the scheduled handler through wrangler's `/cdn-cgi/handler/scheduled` once the worker is up and
 * then every 60 s
 * (docs/decisions/008-ledger-and-rewards.md).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { emulatorUrls, localEmulators, localWorkerVars, waitForEmulators } from "./local-emulators.ts";

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
const children = new Set<ChildProcess>();
let stopping = false;

function launch(command: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, CHORUS_PERSIST_TO: persistTo, ...env } });
  children.add(child);
  child.on("exit", () => children.delete(child));
  return child;
}

function run(command: string, args: string[], label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    launch(command, args).on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** Runs an emulator beside the worker; if it dies, everything stops rather than half-working. */
function startEmulator(script: string, env: Record<string, string>): void {
  launch("node", [script], env).on("exit", (code) => {
    if (code !== 0 && code !== null) stopAll("SIGTERM");
  });
}

const SCHEDULER_TICK_MS = 60_000;

/** Calls the worker's scheduled handler (as the cron trigger would) once it answers, then every minute. */
function startSchedulerTicker(origin: string): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    try {
      const response = await fetch(`${origin}/cdn-cgi/handler/scheduled?cron=*+*+*+*+*`);
      if (!response.ok) console.warn(`Scheduler tick: the worker answered ${response.status}`);
    } catch {
      // The worker is restarting or stopping; the next tick tries again.
    }
  };
  void (async () => {
    while (!stopped) {
      try {
        if ((await fetch(`${origin}/ping`)).ok) break;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (stopped) return;
    await tick();
    timer = setInterval(() => void tick(), SCHEDULER_TICK_MS);
  })();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearInterval(timer);
    },
  };
}

function stopAll(signal: NodeJS.Signals) {
  stopping = true;
  for (const child of children) child.kill(signal);
}
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

try {
  if (options.fresh) rmSync(persistTo, { recursive: true, force: true });
  if (options["skip-build"]) await run("node", ["scripts/ensure-dev-vars.ts"], "Local secrets");
  else await run("node", ["scripts/build.ts"], "Build");
  await run(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo],
    "Database migrations",
  );
  await run("node", ["scripts/seed.ts"], "Demo data");

  const emulators = localEmulators(port, persistTo);
  for (const emulator of emulators) startEmulator(emulator.script, emulator.env);
  await waitForEmulators(emulators);

  const urls = emulatorUrls(port);
  console.log(
    `\nChorus is starting on http://127.0.0.1:${port} (X emulator: ${urls.x}, mail outbox: ${urls.mail}, payout rail: ${urls.payout}, telemetry sink: ${urls.telemetry}, Bluesky stand-in: ${urls.bluesky})\n`,
  );
  const worker = run(
    "wrangler",
    [
      "dev",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      ...Object.entries(localWorkerVars(port)).flatMap(([name, value]) => ["--var", `${name}:${value}`]),
    ],
    "Worker",
  );
  const ticker = startSchedulerTicker(`http://127.0.0.1:${port}`);
  try {
    await worker;
  } finally {
    ticker.stop();
  }
} catch (error) {
  // Children ended by our own SIGINT/SIGTERM are a normal stop, not a failure.
  if (!stopping) {
    console.error(error instanceof Error ? error.message : error);
    stopAll("SIGTERM");
    process.exitCode = 1;
  }
}
