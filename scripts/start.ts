/**
 * `npm start`: the whole product on one machine with embedded defaults. Builds the app, applies the D1
 * migrations and seeds the demo data (both idempotent), then serves the worker through wrangler/workerd.
 *
 *   --port <n>          port to serve on (default 8787, or $PORT)
 *   --persist-to <dir>  where D1, KV and R2 keep their data (default .wrangler/state)
 *   --fresh             start from an empty database (used by the end-to-end tests)
 *   --skip-build        serve the existing build
 */
import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { parseArgs } from "node:util";

const { values: options } = parseArgs({
  options: {
    port: { type: "string", default: process.env.PORT ?? "8787" },
    "persist-to": { type: "string", default: ".wrangler/state" },
    fresh: { type: "boolean", default: false },
    "skip-build": { type: "boolean", default: false },
  },
});
const persistTo = options["persist-to"];
const children = new Set<ChildProcess>();

function run(command: string, args: string[], label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...process.env, CHORUS_PERSIST_TO: persistTo } });
    children.add(child);
    child.on("exit", (code, signal) => {
      children.delete(child);
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

function stopAll(signal: NodeJS.Signals) {
  for (const child of children) child.kill(signal);
}
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

try {
  if (options.fresh) rmSync(persistTo, { recursive: true, force: true });
  if (!options["skip-build"]) await run("react-router", ["build"], "Build");
  await run(
    "wrangler",
    ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo],
    "Database migrations",
  );
  await run("node", ["scripts/seed.ts"], "Demo data");
  console.log(`\nChorus is starting on http://127.0.0.1:${options.port}\n`);
  await run(
    "wrangler",
    ["dev", "--ip", "127.0.0.1", "--port", options.port, "--persist-to", persistTo, "--show-interactive-dev-session=false"],
    "Worker",
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stopAll("SIGTERM");
  process.exitCode = 1;
}
