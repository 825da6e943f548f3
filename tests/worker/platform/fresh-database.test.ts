import { applyD1Migrations, env } from "cloudflare:test";
import { expect, it } from "vitest";
import { copyOf, emptyDatabase, restore, type DatabaseCopy } from "../support/fresh-database.ts";

/** A copy in an order that does not depend on the order of creation, and without the time each migration ran. */
function comparable({ schema, rows }: DatabaseCopy) {
  const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  return {
    schema: schema.map(({ type, name, sql }) => `${type} ${name}: ${sql}`).sort(byText),
    rows: rows
      .map(({ table, row }) => {
        const { applied_at: _ranAt, ...values } = row;
        return `${table} ${JSON.stringify(table === "d1_migrations" ? values : row)}`;
      })
      .sort(byText),
  };
}

it("each test file starts on the database the migrations make: the replayed copy is the migrated database", async () => {
  // The setup (tests/worker/support/apply-migrations.ts) gave this file its database, a replayed copy unless this
  // file came first in its process; nothing has written to it yet.
  const given = comparable(await copyOf(env.DB));
  await emptyDatabase(env.DB);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  const migratedCopy = await copyOf(env.DB);
  const migrated = comparable(migratedCopy);
  // And a copy replayed here, whichever way this file's own database was made.
  await emptyDatabase(env.DB);
  await restore(env.DB, migratedCopy);
  const replayed = comparable(await copyOf(env.DB));

  expect(given.schema).toEqual(migrated.schema);
  expect(given.rows).toEqual(migrated.rows);
  expect(replayed).toEqual(migrated);
  expect(migrated.schema.filter((line) => line.startsWith("table ")).length).toBeGreaterThan(50);
  expect(migrated.rows.filter((line) => line.startsWith("d1_migrations ")).length).toBe(env.TEST_MIGRATIONS.length);
});
