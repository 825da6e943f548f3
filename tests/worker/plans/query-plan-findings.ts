/**
 * Reads `EXPLAIN QUERY PLAN` rows the way the plan check (tests/worker/plans/query-plans.test.ts) judges them: a full scan
 * of a table (`SCAN t`, with or without an index, or an automatic index SQLite builds by scanning it), and a temp
 * B-tree (a sort, GROUP BY or DISTINCT that SQLite cannot read in index order) over rows read in a range that grows
 * with the whole table. A sort of one owner's rows (a user's notifications, a campaign's invitations) is not counted:
 * it grows with that owner's history, not with the table. The plan names a table by its alias when it has one, so
 * aliases are read back from the statement's text.
 */

export type PlanRow = { id: number; parent: number; detail: string };

export type PlanFinding = { table: string; kind: "scan" | "temp-b-tree"; detail: string };

const notAnAlias = new Set(
  [
    "as",
    "on",
    "using",
    "where",
    "join",
    "left",
    "right",
    "inner",
    "outer",
    "cross",
    "natural",
    "full",
    "set",
    "group",
    "order",
    "limit",
    "values",
    "select",
    "union",
    "having",
    "returning",
    "default",
    "window",
    "indexed",
    "not",
  ].map((word) => word.toLowerCase()),
);

/** Each name a table is known by in the statement (itself, and every alias given to it), to the tables it may mean. */
export function tableAliases(sql: string, tables: ReadonlySet<string>): Map<string, Set<string>> {
  const aliases = new Map<string, Set<string>>();
  const name = (alias: string, table: string) => aliases.set(alias, new Set([...(aliases.get(alias) ?? []), table]));
  for (const match of sql.matchAll(/\b(?:FROM|JOIN|UPDATE|INTO)\s+([A-Za-z_]\w*)(?:\s+(?:AS\s+)?([A-Za-z_]\w*))?/gi)) {
    const [, table, alias] = match;
    if (table === undefined || !tables.has(table)) continue;
    name(table, table);
    if (alias !== undefined && !notAnAlias.has(alias.toLowerCase())) name(alias, table);
  }
  return aliases;
}

/** The tables a plan row reads (none for a subquery, a CTE, a constant row or a table-valued function like json_each). */
function tablesOf(row: PlanRow, aliases: ReadonlyMap<string, ReadonlySet<string>>): string[] {
  const match = /^(?:SCAN|SEARCH) (\S+)/.exec(row.detail);
  if (match?.[1] === undefined || row.detail.includes("VIRTUAL TABLE")) return [];
  return [...(aliases.get(match[1]) ?? [])];
}

/**
 * A scan of every row of a table, or of a full index of it. A scan of a partial index reads only the rows its WHERE
 * holds (the withdrawals still `verifying`, the deposits still `pending`): a queue, not the table.
 */
function isFullScan(row: PlanRow, partialIndexes: ReadonlySet<string>): boolean {
  if (row.detail.includes("VIRTUAL TABLE")) return false;
  if (row.detail.includes("AUTOMATIC")) return true;
  if (!row.detail.startsWith("SCAN ")) return false;
  const index = / USING (?:COVERING )?INDEX (\S+)/.exec(row.detail)?.[1];
  return index === undefined || !partialIndexes.has(index);
}

/** A key that picks out one owner's rows (a user's, a campaign's, an advertiser's) or one row. */
const ownerKey = /^(?:rowid|id|\w+_id|\w+_hash|\w+_key|\w+_token|slug|hostname|handle|nonce)$/;

/**
 * Whether a loop reads a range that grows with the whole table: a full scan, or an index search with no equality on
 * an owner key (`status=?`, `handled_at=?`, a time range). Such a range is harmless when read in index order and cut
 * by a LIMIT, which is why only a sort or a grouping over it (a temp B-tree) counts against it.
 */
function readsWideRange(row: PlanRow, partialIndexes: ReadonlySet<string>): boolean {
  if (isFullScan(row, partialIndexes)) return true;
  const constraint = /^SEARCH \S+ .*\((.+)\)/.exec(row.detail)?.[1];
  if (constraint === undefined) return false;
  return !constraint.split(" AND ").some((term) => {
    const [column, value] = term.split("=");
    return value === "?" && column !== undefined && ownerKey.test(column);
  });
}

/** What is unbounded in one statement's plan: its full scans, and its temp B-trees with the tables whose rows they hold. */
export function planFindings(
  sql: string,
  rows: readonly PlanRow[],
  schema: { tables: ReadonlySet<string>; partialIndexes: ReadonlySet<string> },
): PlanFinding[] {
  const { tables, partialIndexes } = schema;
  const aliases = tableAliases(sql, tables);
  const findings: PlanFinding[] = [];
  for (const row of rows) {
    if (isFullScan(row, partialIndexes)) {
      for (const table of tablesOf(row, aliases)) findings.push({ table, kind: "scan", detail: row.detail });
    }
    // "FOR LAST TERM OF ORDER BY" / "FOR RIGHT PART OF ORDER BY" sorts only the ties of an index order, one group at a
    // time, and stops at the LIMIT: it holds no more rows than the page asks for.
    if (row.detail.startsWith("USE TEMP B-TREE") && !/ (?:LAST TERM|RIGHT PART) OF /.test(row.detail)) {
      // The sort holds the rows of the loops beside it (of the loops inside them, when those are subqueries or CTEs);
      // it counts against the tables those loops read in wide ranges.
      const siblings = rows.filter((other) => other.parent === row.parent && other !== row);
      const loops = siblings.some((sibling) => tablesOf(sibling, aliases).length > 0) ? siblings : descendantsOf(row.parent, rows);
      const sorted = loops.filter((loop) => readsWideRange(loop, partialIndexes)).flatMap((loop) => tablesOf(loop, aliases));
      for (const table of new Set(sorted)) findings.push({ table, kind: "temp-b-tree", detail: row.detail });
    }
  }
  return findings;
}

function descendantsOf(parent: number, rows: readonly PlanRow[]): PlanRow[] {
  const children = rows.filter((row) => row.parent === parent && row.id !== parent);
  return children.flatMap((child) => [child, ...descendantsOf(child.id, rows)]);
}
