import { applyD1Migrations, env } from "cloudflare:test";

/*
 * Runs before each test file. Test files share a workerd process one after another (vitest.config.ts, `isolate: false`:
 * starting one per file cost more than most files' tests), so each file begins by emptying what the one before it
 * stored: every table, view and trigger dropped and the migrations applied again (the same files as `wrangler d1
 * migrations apply`, so the schema is exactly a new database's), and every KV key and R2 object deleted.
 */

async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
    )
    .all<{ type: "table" | "view" | "trigger"; name: string }>();
  if (results.length === 0) return;
  // Views and triggers first, then the tables, in one transaction whose foreign keys are checked only at its end,
  // when no table is left to break them (D1 always enforces foreign keys; its own `_cf_` tables stay).
  const ordered = [...results.filter(({ type }) => type !== "table"), ...results.filter(({ type }) => type === "table")];
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...ordered.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS "${name.replaceAll('"', '""')}"`)),
  ]);
}

async function emptyKeyValues(namespace: KVNamespace): Promise<void> {
  for (let cursor: string | undefined; ;) {
    const page: KVNamespaceListResult<unknown> = await namespace.list(cursor === undefined ? {} : { cursor });
    await Promise.all(page.keys.map(({ name }) => namespace.delete(name)));
    if (page.list_complete) return;
    cursor = page.cursor;
  }
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (let cursor: string | undefined; ;) {
    const page = await bucket.list(cursor === undefined ? {} : { cursor });
    if (page.objects.length > 0) await bucket.delete(page.objects.map(({ key }) => key));
    if (!page.truncated) return;
    cursor = page.cursor;
  }
}

await Promise.all([emptyDatabase(env.DB), emptyKeyValues(env.BRAND_CACHE), emptyBucket(env.MEDIA), emptyBucket(env.ANALYTICS_ARCHIVE)]);
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
