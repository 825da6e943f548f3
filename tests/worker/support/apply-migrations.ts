import { applyD1Migrations, env } from "cloudflare:test";

// The same migration files as `wrangler d1 migrations apply`; storage is in memory and isolated per test file.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
