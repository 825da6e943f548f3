import type { z } from "zod";

/**
 * Every row that leaves D1 is parsed by the schema of its table module, so a drifted column fails loudly at the
 * boundary instead of deep inside a page.
 */
export async function queryAll<Schema extends z.ZodType>(statement: D1PreparedStatement, rowSchema: Schema): Promise<z.infer<Schema>[]> {
  const { results } = await statement.all();
  return results.map((row) => rowSchema.parse(row));
}

export async function queryFirst<Schema extends z.ZodType>(
  statement: D1PreparedStatement,
  rowSchema: Schema,
): Promise<z.infer<Schema> | null> {
  const row = await statement.first();
  return row === null ? null : rowSchema.parse(row);
}

/*
 * Lists are bound as one JSON array and read with `json_each(?)`, never as `IN (?, ?, …)`: D1 binds at most 100
 * values per statement, and a list of ids from a page of 100 plus a user id would pass it.
 */
