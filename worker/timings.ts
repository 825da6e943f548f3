import type { Database } from "./database.ts";

/**
 * Where a request's milliseconds go, as a `Server-Timing` header (docs/decisions/028-page-cost.md): the session and
 * brand look-ups, one entry per data query group (one D1 round trip), the render, the time spent waiting on D1 with
 * its number of round trips, and the total. Built once per request with the capabilities; the benchmark reads it.
 */
export type ServerTimings = {
  /** Runs `work` and records its wall time under `name` (added to an entry of the same name). */
  measure<T>(name: TimingName, work: () => Promise<T>): Promise<T>;
  /** Records `ms` under `name` (added to an entry of the same name). */
  record(name: TimingName, ms: number): void;
  /** The milliseconds recorded so far under the data query groups (`q-*`), together. */
  queryMs(): number;
  /** D1 round trips so far in this request. */
  d1RoundTrips(): number;
  /** The header value: the entries in their fixed order, then d1 and total. */
  header(): string;
};

/** `q-<group>` names one data query group, e.g. `q-dashboard`. */
export type TimingName = "session" | "brand" | "render" | `q-${string}`;

const FIXED_ORDER = ["session", "brand"];

export function startTimings(now: () => number = () => performance.now()): ServerTimings & { d1: D1Meter } {
  const startedAt = now();
  const entries = new Map<string, number>();
  const d1 = newD1Meter();
  const record = (name: string, ms: number) => entries.set(name, (entries.get(name) ?? 0) + ms);
  return {
    d1,
    record,
    queryMs: () => [...entries].reduce((sum, [name, ms]) => (name.startsWith("q-") ? sum + ms : sum), 0),
    d1RoundTrips: () => d1.roundTrips,
    async measure(name, work) {
      const started = now();
      try {
        return await work();
      } finally {
        record(name, now() - started);
      }
    },
    header() {
      const names = [...entries.keys()];
      const ordered = [
        ...FIXED_ORDER.filter((name) => entries.has(name)),
        ...names.filter((name) => name.startsWith("q-")),
        ...names.filter((name) => name === "render"),
      ];
      const parts = ordered.map((name) => `${name};dur=${(entries.get(name) ?? 0).toFixed(1)}`);
      if (d1.roundTrips > 0) parts.push(`d1;dur=${d1.waitingMs.toFixed(1)};desc="${d1Description(d1)}"`);
      parts.push(`total;dur=${(now() - startedAt).toFixed(1)}`);
      return parts.join(", ");
    },
  };
}

/**
 * What reached D1 in this request: each first/all/run/raw and each batch is one round trip; `statements` counts every
 * statement sent, a batch's each on its own. `rowsRead` and `rowsWritten` add up D1's own `meta` of each result (local
 * D1 reports SQLite's counters there, Cloudflare what it bills); `raw()` returns no `meta`, so its rows are not counted.
 */
export type D1Meter = { roundTrips: number; statements: number; rowsRead: number; rowsWritten: number; waitingMs: number };

/** A meter at zero. */
export function newD1Meter(): D1Meter {
  return { roundTrips: 0, statements: 0, rowsRead: 0, rowsWritten: 0, waitingMs: 0 };
}

/**
 * The `desc` of the `d1` entry: `<n> round trips / <n> statements / <n> rows read / <n> rows written` (no commas or
 * semicolons: simple readers of Server-Timing split on them).
 */
export function d1Description(meter: D1Meter): string {
  return `${meter.roundTrips} round trips / ${meter.statements} statements / ${meter.rowsRead} rows read / ${meter.rowsWritten} rows written`;
}

const ROUND_TRIP_METHODS = new Set<PropertyKey>(["all", "run", "raw"]);

type MetaOnly = { meta?: { rows_read?: number; rows_written?: number } };

function countRows(meter: D1Meter, result: unknown): void {
  const meta = (result as MetaOnly | null)?.meta;
  meter.rowsRead += meta?.rows_read ?? 0;
  meter.rowsWritten += meta?.rows_written ?? 0;
}

/**
 * `first()` as D1 runs it (the whole statement, then its first row), through `all()` so that the result's `meta`
 * reaches the meter; a missing column is refused as D1 refuses it.
 */
async function firstThroughAll(statement: D1PreparedStatement, meter: D1Meter, column?: unknown): Promise<unknown> {
  const result = await statement.all<Record<string, unknown>>();
  countRows(meter, result);
  const row = result.results[0];
  if (row === undefined) return null;
  if (typeof column !== "string") return row;
  if (!(column in row)) throw new Error(`D1_COLUMN_NOTFOUND: Column not found (${column})`);
  return row[column];
}

/**
 * The same D1 binding or session, metering its round trips. Statements are wrapped so that `batch()` receives the originals
 * (D1 refuses statements it did not prepare).
 */
export function meteredD1(db: Database, meter: D1Meter, now: () => number = () => performance.now()): Database {
  const originals = new WeakMap<object, D1PreparedStatement>();
  const timed = async <T>(statements: number, work: () => Promise<T>): Promise<T> => {
    const started = now();
    meter.roundTrips += 1;
    meter.statements += statements;
    try {
      return await work();
    } finally {
      meter.waitingMs += now() - started;
    }
  };
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, property) {
        if (property === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== "function") return value;
        if (property === "first") return (column?: unknown) => timed(1, () => firstThroughAll(target, meter, column));
        if (ROUND_TRIP_METHODS.has(property)) {
          return (...args: unknown[]) =>
            timed(1, async () => {
              const result: unknown = await (Reflect.apply(value, target, args) as Promise<unknown>);
              countRows(meter, result);
              return result;
            });
        }
        return (...args: unknown[]) => Reflect.apply(value, target, args);
      },
    });
    originals.set(proxy, statement);
    return proxy;
  };
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") return (query: string) => wrap(target.prepare(query));
      if (property === "batch") {
        return (statements: D1PreparedStatement[]) =>
          timed(statements.length, async () => {
            const results = await target.batch(statements.map((s) => originals.get(s) ?? s));
            for (const result of results) countRows(meter, result);
            return results;
          });
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (...args: unknown[]) => Reflect.apply(value, target, args) : value;
    },
  });
}
