import { defineConfig, devices } from "@playwright/test";
import { chromiumPath, headlessChromiumFlags } from "./e2e/chromium.ts";

// Clear of `npm start` (8787 and its emulators on 8790–8793) and the benchmark (8797…), so all three can run at once.
// CHORUS_E2E_PORT moves the server (and its emulators, at fixed offsets) when another checkout runs its tests at once.
const port = Number(process.env.CHORUS_E2E_PORT ?? 8810);
export const baseURL = `http://127.0.0.1:${port}`;
/** The local emulators of this server: each takes a fixed offset from the app's port (scripts/start.ts). */
export const emulatorUrls = {
  x: `http://127.0.0.1:${port + 3}`,
  mailOutbox: `http://127.0.0.1:${port + 4}`,
  payoutRail: `http://127.0.0.1:${port + 5}`,
  telemetrySink: `http://127.0.0.1:${port + 6}`,
  bluesky: `http://127.0.0.1:${port + 7}`,
};

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser) against the built app, served by the same
 * start script as `npm start` on a fresh database of its own (.wrangler/e2e-state).
 */
export default defineConfig({
  testDir: "./e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  reporter: [["list"], ["json", { outputFile: "test-results/e2e.json" }], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
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
  webServer: {
    command: `node scripts/start.ts --skip-build --fresh --port ${port} --persist-to .wrangler/e2e-state`,
    url: `${baseURL}/ping`,
    reuseExistingServer: false,
    // Migrations, the seed, the emulators and workerd: about 30 s on a quiet machine, over 90 s on a busy one.
    timeout: 300_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
