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
import { readFileSync, rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { PAYOUT_WEBHOOK_PATH } from "../worker/contracts/payout-webhook.ts";
import { demoWorld } from "./seed/demo-world.ts";

/** The X accounts of the demo world's people (creators, advertisers' members, the admin), by their X ids. */
function demoXAccounts() {
  return demoWorld(Date.now()).users.map(({ user }) => ({ id: user.xUserId, username: user.handle, name: user.name }));
}

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
const xEmulatorUrl = `http://127.0.0.1:${port + 3}`;
const mailEmulatorUrl = `http://127.0.0.1:${port + 4}`;
const payoutEmulatorUrl = `http://127.0.0.1:${port + 5}`;
const telemetrySinkUrl = `http://127.0.0.1:${port + 6}`;
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

async function waitFor(url: string, label: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${label} did not start at ${url}`);
}

/** A value of .dev.vars (written by scripts/ensure-dev-vars.ts), so an emulator accepts exactly the key the worker sends. */
function localSecret(name: string): string {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((candidate) => candidate.trim().startsWith(`${name}=`));
  if (line === undefined) throw new Error(`.dev.vars has no ${name} (node scripts/ensure-dev-vars.ts adds it)`);
  return line
    .slice(line.indexOf("=") + 1)
    .trim()
    .replace(/^"(.*)"$/, "$1");
}

/**
 * The Application Insights connection string of wrangler.toml with the local sink as its ingestion endpoint: the
 * instrumentation key stays the one the configuration names, so the worker forwards exactly what it accepts.
 */
function localConnectionString(ingestionEndpoint: string): string {
  const key = /InstrumentationKey=([0-9a-f-]{36})/i.exec(readFileSync("wrangler.toml", "utf8"))?.[1];
  if (key === undefined) throw new Error("wrangler.toml has no APPLICATIONINSIGHTS_CONNECTION_STRING with an InstrumentationKey");
  return `InstrumentationKey=${key};IngestionEndpoint=${ingestionEndpoint}/`;
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

  startEmulator("worker/emulators/x/main.ts", {
    X_EMULATOR_PORT: String(port + 3),
    X_EMULATOR_STATE: `${persistTo}/emulators/x.json`,
    // The demo world's people exist on the local X, so "Sign in with X" as one of them reaches their seeded account.
    X_KNOWN_ACCOUNTS: JSON.stringify(demoXAccounts()),
  });
  startEmulator("worker/emulators/mail/main.ts", {
    MAIL_EMULATOR_PORT: String(port + 4),
    MAIL_EMULATOR_STATE: `${persistTo}/emulators/mail.json`,
    MAIL_API_KEY: localSecret("MAIL_API_KEY"),
  });
  startEmulator("worker/emulators/payout-rail/main.ts", {
    PAYOUT_EMULATOR_PORT: String(port + 5),
    PAYOUT_EMULATOR_STATE: `${persistTo}/emulators/payout-rail.json`,
    PAYOUT_API_KEY: localSecret("PAYOUT_API_KEY"),
    // Settled payouts are announced to the worker at once (docs/decisions/032-spec-server-items.md section 4).
    PAYOUT_EMULATOR_WEBHOOK_URL: `http://127.0.0.1:${port}${PAYOUT_WEBHOOK_PATH}`,
    PAYOUT_WEBHOOK_SECRET: localSecret("PAYOUT_WEBHOOK_SECRET"),
  });
  startEmulator("worker/emulators/telemetry-sink/main.ts", {
    TELEMETRY_SINK_PORT: String(port + 6),
    TELEMETRY_SINK_STATE: `${persistTo}/emulators/telemetry-sink.json`,
  });
  await Promise.all([
    waitFor(`${xEmulatorUrl}/`, "The X emulator"),
    waitFor(`${mailEmulatorUrl}/`, "The mail outbox"),
    waitFor(`${payoutEmulatorUrl}/`, "The payout rail"),
    waitFor(`${telemetrySinkUrl}/`, "The telemetry sink"),
  ]);

  console.log(
    `\nChorus is starting on http://127.0.0.1:${port} (X emulator: ${xEmulatorUrl}, mail outbox: ${mailEmulatorUrl}, payout rail: ${payoutEmulatorUrl}, telemetry sink: ${telemetrySinkUrl})\n`,
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
      "--var",
      `X_AUTHORIZE_URL:${xEmulatorUrl}/i/oauth2/authorize`,
      "--var",
      `X_API_BASE_URL:${xEmulatorUrl}`,
      "--var",
      `MAIL_API_URL:${mailEmulatorUrl}`,
      "--var",
      `PAYOUT_API_URL:${payoutEmulatorUrl}`,
      "--var",
      `APPLICATIONINSIGHTS_CONNECTION_STRING:${localConnectionString(telemetrySinkUrl)}`,
      "--var",
      `APP_ORIGINS:http://127.0.0.1:${port},http://localhost:${port}`,
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
