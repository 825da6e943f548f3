import type { ObjectMigration } from "./migrations.ts";

/**
 * Applies the migrations an object's database has not had yet, each in one transaction with its row in
 * `schema_migrations`; answers the names applied now. Synchronous: Durable Object SQL runs in the object's thread.
 */
export function applyObjectMigrations(storage: DurableObjectStorage, migrations: readonly ObjectMigration[]): string[] {
  storage.sql.exec(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
      name TEXT PRIMARY KEY,
      applied_at INTEGER NOT NULL
    )`,
  );
  const applied = new Set(
    storage.sql
      .exec<{ name: string }>("SELECT name FROM schema_migrations")
      .toArray()
      .map((row) => row.name),
  );
  const pending = migrations.filter((migration) => !applied.has(migration.name));
  for (const migration of pending) {
    storage.transactionSync(() => {
      for (const statement of migration.statements) storage.sql.exec(statement);
      storage.sql.exec("INSERT INTO schema_migrations (name, applied_at) VALUES (?, ?)", migration.name, Date.now());
    });
  }
  return pending.map((migration) => migration.name);
}

/** The names of the migrations an object's database has had, in the order they were applied. */
export function appliedObjectMigrations(storage: DurableObjectStorage): string[] {
  return storage.sql
    .exec<{ name: string }>("SELECT name FROM schema_migrations ORDER BY rowid")
    .toArray()
    .map((row) => row.name);
}
