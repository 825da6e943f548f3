import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, headlessChromiumFlags } from "./e2e/chromium.ts";

/*
 * The journeys run in parallel workers, each against a server of its own: its own port, emulators and database, so
 * no journey sees another's data, as when they ran one after another. A worker process knows its slot from
 * TEST_PARALLEL_INDEX (set by Playwright before it loads this file), and every value below follows that slot.
 *
 * Ports: clear of `npm start` (8787 and its emulators on 8790–8797) and the benchmark (8797…). Worker n serves on
 * CHORUS_E2E_PORT + 20 n (default 8810, 8830, …), its emulators on the seven ports after it; CHORUS_E2E_PORT moves
 * them all when another checkout runs its tests at once. CHORUS_E2E_WORKERS sets how many (default 2).
 */
const firstPort = Number(process.env.CHORUS_E2E_PORT ?? 8810);
const workers = Number(process.env.CHORUS_E2E_WORKERS ?? 2);
const PORTS_PER_SERVER = 20;
const serverPort = (slot: number) => firstPort + PORTS_PER_SERVER * slot;
/** Where the server of a slot keeps D1, KV, R2 and its emulators' data. */
const stateDirOf = (slot: number) => `.wrangler/e2e-state/${slot}`;

const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const port = serverPort(slot);
export const baseURL = `http://127.0.0.1:${port}`;
/** This worker's server state (serverBindings in e2e/server-database.ts opens it). */
export const serverStateDir = stateDirOf(slot);
/** The local emulators of this worker's server: each takes a fixed offset from the app's port (scripts/start.ts). */
export const emulatorUrls = {
  x: `http://127.0.0.1:${port + 3}`,
  mailOutbox: `http://127.0.0.1:${port + 4}`,
  payoutRail: `http://127.0.0.1:${port + 5}`,
  telemetrySink: `http://127.0.0.1:${port + 6}`,
  bluesky: `http://127.0.0.1:${port + 7}`,
};

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served by the same
 * start script as `npm start`, each worker's on a fresh database of its own.
 */
export default defineConfig({
  testDir: "./e2e",
  // A file's journeys run in order in one worker; the files share out among the workers.
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  // The journeys share two cores with vitest and the checks (scripts/test.ts): a list that loads in 1 s on a quiet
  // machine has taken over 5 s (the default) there. A passing wait is no longer for it.
  expect: { timeout: 10_000 },
  // Its own folder: Playwright empties it first, and the unit and worker layers may be writing test-results/ meanwhile.
  outputDir: "test-results/e2e-artifacts",
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    // A trace records every action's DOM and a screencast, successful journeys' too: a quarter of the journeys' CPU
    // (decision 054). A failure keeps its screenshot and error; `npx playwright test --trace on` records traces.
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: headlessChromiumFlags,
    },
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /.*\.mobile\.spec\.ts/ },
    { name: "mobile", use: { ...devices["Pixel 7"], channel: undefined }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
  webServer: Array.from({ length: workers }, (_, index) => ({
    command: `node scripts/start.ts --skip-build --fresh --port ${serverPort(index)} --persist-to ${stateDirOf(index)}`,
    url: `http://127.0.0.1:${serverPort(index)}/ping`,
    reuseExistingServer: false,
    // Migrations, the seed, the emulators and workerd: about 30 s on a quiet machine, over 90 s on a busy one.
    timeout: 300_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
  })),
});
