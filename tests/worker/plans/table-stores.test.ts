import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { tableStores } from "../../../worker/db/table-stores.ts";

/*
 * Every table names the store its growth belongs in (worker/db/table-stores.ts, docs/decisions/039-a-million-creators.md):
 * a table added without choosing fails here, as does a table that is gone from the schema.
 */
describe("the store of every table", () => {
  it("is named for each table of the migrated schema, and for no other", async () => {
    const { results } = await env.DB.prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table'
         AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND name != 'd1_migrations'
       ORDER BY name`,
    ).all<{ name: string }>();
    expect(results.map((row) => row.name)).toEqual(Object.keys(tableStores).sort());
  });
});
