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

/** `?, ?, ?` for an IN list of the given length. */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => "?").join(", ");
}
