import { applyD1Migrations, type D1Migration } from "cloudflare:test";

/**
 * A new database's schema and rows, for the worker tests. Test files share a workerd process one after another
 * (vitest.config.ts, `isolate: false`), so each file begins by emptying the database the one before it used. The first
 * file of a process applies the migrations (the same files as `wrangler d1 migrations apply`); what they made (every
 * table, index, view and trigger as SQLite stores it, and the rows the migrations wrote, `d1_migrations` among them) is
 * kept as a copy, and later files replay that copy in one batch: about 50 ms instead of 300 for seventy migrations.
 * tests/worker/platform/fresh-database.test.ts checks that a replayed copy is the migrated database.
 */

type SchemaObject = { type: "table" | "index" | "view" | "trigger"; name: string; sql: string };
export type DatabaseCopy = { schema: SchemaObject[]; rows: { table: string; row: Record<string, unknown> }[] };

const copyKey = Symbol.for("chorus.tests.migratedDatabase");
const processState = globalThis as typeof globalThis & { [copyKey]?: DatabaseCopy };

/** Drops every table, view and trigger (D1's own `_cf_` tables stay), in one batch. */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name FROM sqlite_master WHERE type IN ('table', 'view', 'trigger') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid DESC",
    )
    .all<{ type: "table" | "view" | "trigger"; name: string }>();
  if (results.length === 0) return;
  // Views and triggers first, then the tables, in one transaction whose foreign keys are checked only at its end,
  // when no table is left to break them (D1 always enforces foreign keys).
  const ordered = [...results.filter(({ type }) => type !== "table"), ...results.filter(({ type }) => type === "table")];
  await db.batch([
    db.prepare("PRAGMA defer_foreign_keys = on"),
    ...ordered.map(({ type, name }) => db.prepare(`DROP ${type.toUpperCase()} IF EXISTS ${quoted(name)}`)),
  ]);
}

/** Everything the database holds: its schema as SQLite stores it, and every row. */
export async function copyOf(db: D1Database): Promise<DatabaseCopy> {
  const { results: schema } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY rowid",
    )
    .all<SchemaObject>();
  const rows: DatabaseCopy["rows"] = [];
  for (const { name } of schema.filter(({ type }) => type === "table")) {
    const { results } = await db.prepare(`SELECT * FROM ${quoted(name)}`).all<Record<string, unknown>>();
    for (const row of results) rows.push({ table: name, row });
  }
  return { schema, rows };
}

const creationOrder: SchemaObject["type"][] = ["table", "index", "view", "trigger"];

/** Writes a copy into an empty database in one batch: tables, indexes, views, triggers, then the rows. */
export async function restore(db: D1Database, copy: DatabaseCopy): Promise<void> {
  const schema = [...copy.schema].sort((a, b) => creationOrder.indexOf(a.type) - creationOrder.indexOf(b.type));
  const inserts = copy.rows.map(({ table, row }) => {
    const columns = Object.keys(row);
    return db
      .prepare(`INSERT INTO ${quoted(table)} (${columns.map(quoted).join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      .bind(...Object.values(row));
  });
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...schema.map(({ sql }) => db.prepare(sql)), ...inserts]);
}

/** Empties the database and gives it a new database's schema and rows: migrated once per process, replayed after. */
export async function freshDatabase(db: D1Database, migrations: D1Migration[]): Promise<void> {
  await emptyDatabase(db);
  const copy = processState[copyKey];
  if (copy !== undefined) return restore(db, copy);
  await applyD1Migrations(db, migrations);
  processState[copyKey] = await copyOf(db);
}

function quoted(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
