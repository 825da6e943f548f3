/**
 * Fills the local D1 database (.wrangler/state) with the demo world (fixtures/). Safe to run again: existing rows
 * are kept. It talks to the same on-disk database as `wrangler dev`, through wrangler's platform proxy.
 */
import { localBindings } from "./local-bindings.ts";
import { systemClock } from "../worker/clock.ts";
import { seedDemoAnalytics } from "../fixtures/demo-analytics.ts";
import { seedDemoData } from "../fixtures/demo-data.ts";
import { demoWorld } from "../fixtures/demo-world.ts";

const proxy = await localBindings();
try {
  const createdKeys = await seedDemoData(proxy.env.DB, systemClock);
  await seedDemoAnalytics(proxy.env.DB, proxy.env.ANALYTICS_ARCHIVE, systemClock);
  const world = demoWorld(systemClock.now());
  const counts = {
    partners: world.partners.length,
    campaigns: world.campaigns.length,
    users: world.users.length,
    posts: world.posts.length,
  };
  console.log(
    `Demo data ready: ${Object.entries(counts)
      .map(([kind, count]) => `${count} ${kind}`)
      .join(", ")}`,
  );
  // Shown on the run that made them only: the secrets are stored hashed (README "Advertisers").
  for (const key of createdKeys) {
    console.log(`Demo API key for ${key.advertiserSlug}: api-key: ${key.keyId}  api-secret: ${key.secret}  (shown once; keep it)`);
  }
} finally {
  await proxy.dispose();
}
