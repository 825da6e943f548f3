/**
 * Fills the local D1 database (.wrangler/state) with the demo world. Safe to run again: existing rows are kept.
 * It talks to the same on-disk database as `wrangler dev`, through wrangler's platform proxy.
 */
import { getPlatformProxy } from "wrangler";
import { systemClock } from "../worker/clock.ts";
import { seedDemoData } from "../worker/db/demo-data.ts";

const proxy = await getPlatformProxy<Cloudflare.Env>({
  configPath: "wrangler.toml",
  persist: { path: `${process.env.CHORUS_PERSIST_TO ?? ".wrangler/state"}/v3` },
});
try {
  await seedDemoData(proxy.env.DB, systemClock);
  const counts = await proxy.env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM partners) AS partners, (SELECT COUNT(*) FROM campaigns) AS campaigns,
            (SELECT COUNT(*) FROM users) AS users, (SELECT COUNT(*) FROM posts) AS posts`,
  ).first<Record<string, number>>();
  console.log(`Demo data ready: ${Object.entries(counts ?? {}).map(([table, count]) => `${count} ${table}`).join(", ")}`);
} finally {
  await proxy.dispose();
}
