/**
 * The page benchmarks of `npm run bench` (issue 14): page-cost, first-load, lighthouse and interactive (issue 25), all
 * against one snapshot of the production build under Miniflare, on freshly migrated and seeded local data. Writes
 * bench-results/*.json.
 */
import { writeFileSync } from "node:fs";
import { bundleAnchors, prepareSeededState, startBuiltApp } from "./built-app.ts";
import { measureFirstLoad, printFirstLoad } from "./first-load.ts";
import { printLighthouse, runLighthouse } from "./lighthouse.ts";
import { benchCreatorId, printPageCost, runPageCost } from "./page-cost.ts";
import { signIn } from "./signed-in.ts";
import { printTimeToInteractive, runTimeToInteractive } from "./time-to-interactive.ts";

// PAGE_BENCH_PORT moves it when another checkout's server holds the port (as CHORUS_E2E_PORT does for e2e).
const port = Number(process.env.PAGE_BENCH_PORT ?? 8870);
const persistTo = ".wrangler/page-cost/state";
const numberFrom = (variable: string, fallback: number) => Number(process.env[variable] ?? fallback);

export async function runPageBenchmarks(buildDir: string, wanted: (name: string) => boolean): Promise<void> {
  await prepareSeededState(persistTo);
  const anchors = await bundleAnchors();
  const log = (line: string) => process.stderr.write(`${line}\n`);

  if (wanted("page-cost")) {
    const pageCost = await runPageCost({
      buildDir,
      persistTo,
      port,
      anchors,
      requests: numberFrom("PAGE_COST_REQUESTS", 1000),
      warmUp: numberFrom("PAGE_COST_WARM_UP", 100),
      runs: numberFrom("PAGE_COST_RUNS", 3),
      only: process.env.PAGE_COST_CASES?.split(",").filter((word) => word.length > 0),
      log,
    });
    printPageCost(pageCost);
    writeFileSync("bench-results/page-cost.json", JSON.stringify(pageCost, null, 2));
  }

  if (!wanted("first-load") && !wanted("lighthouse") && !wanted("interactive")) return;
  const app = await startBuiltApp({ buildDir, persistTo, port, anchors });
  try {
    const signedIn = await signIn(await app.miniflare.getD1Database("DB"), app.origin, benchCreatorId);
    if (wanted("first-load")) {
      const firstLoad = await measureFirstLoad(app.origin, buildDir, signedIn.cookie);
      printFirstLoad(firstLoad);
      writeFileSync("bench-results/first-load.json", JSON.stringify(firstLoad, null, 2));
    }
    const servedBy = "the production build under Miniflare (workerd, assets from build/client), as in page-cost";
    // Lighthouse's four pages, which the time to interactive measures too.
    const allPages = [
      { name: "home, signed out", url: `${app.origin}/` },
      { name: "landing", url: `http://aurora.localhost:${port}/landing/aurora` },
      { name: "article", url: `${app.origin}/articles/terms` },
      { name: "dashboard, signed in", url: `${app.origin}/`, cookie: signedIn.cookie },
    ];
    const only = process.env.LIGHTHOUSE_PAGES?.split(",").filter((word) => word.length > 0);
    const pages = only === undefined ? allPages : allPages.filter((page) => only.some((word) => page.name.startsWith(word)));
    if (wanted("interactive")) {
      const interactive = await runTimeToInteractive(pages, numberFrom("INTERACTIVE_RUNS", 5), log);
      printTimeToInteractive(interactive, servedBy);
      writeFileSync("bench-results/time-to-interactive.json", JSON.stringify({ servedBy, pages: interactive }, null, 2));
    }
    if (wanted("lighthouse")) {
      const lighthouse = await runLighthouse(pages, numberFrom("LIGHTHOUSE_RUNS", 5), log);
      printLighthouse(lighthouse, servedBy);
      writeFileSync("bench-results/lighthouse.json", JSON.stringify({ servedBy, pages: lighthouse }, null, 2));
    }
  } finally {
    await app.dispose();
  }
}
