/**
 * Applies the D1 migrations that the local database (.wrangler/state, or CHORUS_PERSIST_TO) has not had yet, in one
 * process, through wrangler's platform proxy: about 5 s for a fresh database, where `wrangler d1 migrations apply
 * --local` took 30 s for the same seventy files. It keeps wrangler's bookkeeping (the `d1_migrations` table, one
 * row per file, each file and its row in one batch), so either may run after the other. The files are read and split
 * into statements by the Workers Vitest integration's `readD1Migrations`, the reader the worker tests use too.
 * Production still migrates with wrangler (`npm run deploy`).
 */
import { fileURLToPath } from "node:url";
import { readD1Migrations } from "@cloudflare/vitest-plugin";
import { localBindings } from "./local-bindings.ts";

const migrationsDir = fileURLToPath(new URL("../worker/db/migrations", import.meta.url));

const proxy = await localBindings();
try {
  const db = proxy.env.DB;
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS d1_migrations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        name TEXT UNIQUE,
        applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
      )`,
    )
    .run();
  const { results } = await db.prepare(`SELECT name FROM d1_migrations`).all<{ name: string }>();
  const applied = new Set(results.map((row) => row.name));
  const pending = (await readD1Migrations(migrationsDir)).filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    await db.batch([
      ...migration.queries.map((query) => db.prepare(query)),
      db.prepare(`INSERT INTO d1_migrations (name) VALUES (?)`).bind(migration.name),
    ]);
  }
  console.log(pending.length === 0 ? "No migrations to apply" : `Applied ${pending.length} migrations, the last ${pending.at(-1)?.name}`);
} finally {
  await proxy.dispose();
}
