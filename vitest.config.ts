import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { testBindings } from "./tests/support/test-bindings.ts";
import { appAlias } from "./vite.config.ts";

const migrationsDir = fileURLToPath(new URL("./worker/db/migrations", import.meta.url));

/** A free port for the test X emulator, reserved here so the worker's bindings can name it. */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

const xEmulatorPort = Number(process.env.CHORUS_TEST_X_EMULATOR_PORT ?? (await freePort()));
process.env.CHORUS_TEST_X_EMULATOR_PORT = String(xEmulatorPort);

export default defineConfig({
  resolve: { alias: appAlias },
  define: { __CHORUS_BUILD_ID__: JSON.stringify("test") },
  test: {
    projects: [
      {
        resolve: { alias: appAlias },
        test: {
          name: "unit",
          include: ["tests/unit/**/*.test.ts"],
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
              bindings: { ...testBindings(xEmulatorPort), TEST_MIGRATIONS: await readD1Migrations(migrationsDir) },
            },
          }),
          // Resolves `virtual:react-router/server-build`, so the worker under test renders the real app.
          reactRouter(),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          globalSetup: ["./tests/support/x-emulator-setup.ts"],
          setupFiles: ["./tests/support/console-guard.ts", "./tests/worker/apply-migrations.ts"],
        },
      },
    ],
  },
});
