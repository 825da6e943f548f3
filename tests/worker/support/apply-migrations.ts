import { env } from "cloudflare:test";
import { freshDatabase } from "./fresh-database.ts";

/*
 * Runs before each test file. Test files share a workerd process one after another (vitest.config.ts, `isolate: false`:
 * starting one per file cost more than most files' tests), so each file begins by emptying what the one before it
 * stored: the database made new (fresh-database.ts: migrated by the first file, a copy of that replayed after), and
 * every KV key and R2 object deleted.
 */

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

await Promise.all([
  freshDatabase(env.DB, env.TEST_MIGRATIONS),
  emptyKeyValues(env.BRAND_CACHE),
  emptyBucket(env.MEDIA),
  emptyBucket(env.ANALYTICS_ARCHIVE),
]);
