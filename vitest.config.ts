import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { testBindings } from "./tests/support/test-bindings.ts";
import { appAlias } from "./vite.config.ts";

const migrationsDir = fileURLToPath(new URL("./worker/db/migrations", import.meta.url));

/** A free port for a test emulator, reserved here so the worker's bindings can name it. */
async function freePort(): Promise<{ port: number; release(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (typeof address !== "object" || address === null) return reject(new Error("no port"));
      resolve({ port: address.port, release: () => new Promise((released) => server.close(() => released())) });
    });
  });
}

/** The port in `variable` (set by an earlier load of this file), or a new free one written into it. */
async function emulatorPort(variable: string, taken: { release(): Promise<void> }[]): Promise<number> {
  const reserved = process.env[variable];
  if (reserved !== undefined) return Number(reserved);
  // Held until every port is chosen, so no two emulators get the same one.
  const free = await freePort();
  taken.push(free);
  process.env[variable] = String(free.port);
  return free.port;
}

const heldPorts: { release(): Promise<void> }[] = [];
const emulatorPorts = {
  x: await emulatorPort("CHORUS_TEST_X_EMULATOR_PORT", heldPorts),
  mail: await emulatorPort("CHORUS_TEST_MAIL_EMULATOR_PORT", heldPorts),
  payoutRail: await emulatorPort("CHORUS_TEST_PAYOUT_EMULATOR_PORT", heldPorts),
  telemetrySink: await emulatorPort("CHORUS_TEST_TELEMETRY_SINK_PORT", heldPorts),
  bluesky: await emulatorPort("CHORUS_TEST_BLUESKY_EMULATOR_PORT", heldPorts),
};
/** Where the test payout rail sends its webhooks (tests/support/webhook-inbox-server.ts). */
const webhookInboxPort = await emulatorPort("CHORUS_TEST_WEBHOOK_INBOX_PORT", heldPorts);
await Promise.all(heldPorts.map((held) => held.release()));

export default defineConfig({
  resolve: { alias: appAlias },
  define: { __CHORUS_BUILD_ID__: JSON.stringify("test") },
  test: {
    // vitest's default on two cores is one worker (cores - 1); a worker file waits on workerd, emulators and timers
    // much of its time, so two side by side fill both cores.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias: appAlias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.{ts,tsx}"],
          // Pure logic and markup: the files share one module graph instead of evaluating it again each.
          isolate: false,
          environment: "node",
          setupFiles: ["./tests/support/console-guard.ts"],
        },
      },
      {
        resolve: { alias: appAlias },
        plugins: [
          cloudflareTest({
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                ...testBindings(emulatorPorts),
                TEST_MIGRATIONS: await readD1Migrations(migrationsDir),
                TEST_WEBHOOK_INBOX_URL: `http://127.0.0.1:${webhookInboxPort}`,
              },
            },
          }),
          // Resolves `virtual:react-router/server-build`, so the worker under test renders the real app.
          reactRouter(),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          // Files run one after another in a workerd process that outlives them, instead of one new process each
          // (its start and the app's modules cost more than most files' tests); tests/worker/apply-migrations.ts empties
          // the storage before each file.
          isolate: false,
          // Off for workerd: a worker's first request takes every module cached on disk in one WebSocket message,
          // and workerd refuses messages over 1 MiB ("Message is too large", the worker dies); @atproto/api's
          // lexicons alone are 1.1 MB. Modules are then fetched one by one, each well under the limit.
          fsModuleCache: false,
          // The root names its stylesheets by URL (`app.css?url`): processed, each import is that URL, not vitest's "".
          css: { include: [/app\/styles\/(app|tokens)\.css/, /app\/components\/ui\/ui\.css/] },
          // Each test drives the real worker in workerd against real D1 (a hundred parallel withdrawals, batches of
          // conversions, hundreds of calls up to a rate limit), and the first page a file renders has Vite transform the
          // whole app for the worker; with two files at once beside the lint on two cores, the heaviest took over 30 s.
          testTimeout: 60_000,
          globalSetup: ["./tests/support/x-emulator-setup.ts"],
          setupFiles: [
            "./tests/support/console-guard.ts",
            "./tests/worker/support/apply-migrations.ts",
            "./tests/worker/support/load-lazy-modules.ts",
          ],
        },
      },
    ],
  },
});
