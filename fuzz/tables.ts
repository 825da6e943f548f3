/**
 * "Nothing stored by a refused request": row counts of every table before and after an endpoint's requests. Tables
 * that time fills by itself (the scheduler's runs, the analytics queue draining accepted batches) are left out, so a
 * change is the endpoint's own doing.
 */
export const BACKGROUND_TABLES = new Set([
  "scheduler_leases",
  "post_metrics",
  "campaign_weeks",
  "post_rewards",
  "ledger_accounts",
  "ledger_entries",
  "ledger_lines",
  "ledger_balances",
  "mailed_notification_kinds",
  "funnel_daily",
  "funnel_daily_devices",
  "analytics_rollup_messages",
  // Not time, but the one write a refused request is meant to make: failed spoofing attempts counted per source and
  // hour (one row each, however many attempts), as issue 13 asks instead of an audit row per request.
  "spoofing_failures",
]);

export type RowCounts = Record<string, number>;

/** The tables to count, from `SELECT name FROM sqlite_master WHERE type = 'table'`. */
export const TABLE_NAMES_SQL = "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name";

export function countedTables(names: readonly string[]): string[] {
  return names.filter(
    (name) =>
      /^[a-z_][a-z0-9_]*$/.test(name) &&
      !name.startsWith("sqlite_") &&
      !name.startsWith("d1_") &&
      !name.startsWith("_cf") &&
      !BACKGROUND_TABLES.has(name),
  );
}

/** One statement answering one row: a column per table with its row count. */
export function rowCountSql(tables: readonly string[]): string {
  return `SELECT ${tables.map((table) => `(SELECT count(*) FROM "${table}") AS "${table}"`).join(", ")}`;
}

/** "posts +2, sessions +1" for the tables whose counts differ, or "" when none do. */
export function rowCountChanges(before: RowCounts, after: RowCounts): string {
  return Object.keys(after)
    .filter((table) => after[table] !== before[table])
    .map((table) => {
      const delta = (after[table] ?? 0) - (before[table] ?? 0);
      return `${table} ${delta > 0 ? "+" : ""}${delta}`;
    })
    .join(", ");
}

/** True when some table gained rows: a refused request must not add any (the scheduler's sweeps may remove some). */
export function rowsAdded(before: RowCounts, after: RowCounts): boolean {
  return Object.keys(after).some((table) => (after[table] ?? 0) > (before[table] ?? 0));
}
