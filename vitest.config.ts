import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vitest/config";
import { appAlias } from "./vite.config.ts";

const migrationsDir = fileURLToPath(new URL("./worker/db/migrations", import.meta.url));

export default defineConfig({
  resolve: { alias: appAlias },
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
            miniflare: { bindings: { TEST_MIGRATIONS: await readD1Migrations(migrationsDir) } },
          }),
          // Resolves `virtual:react-router/server-build`, so the worker under test renders the real app.
          reactRouter(),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/support/console-guard.ts", "./tests/worker/apply-migrations.ts"],
        },
      },
    ],
  },
});
