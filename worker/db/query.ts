import { z } from "zod";
import type { Database } from "../database.ts";

/**
 * One read: its statement and how its rows become what the caller wants. Table modules build them (the SQL stays in
 * worker/db); `runBatch` sends several in one D1 round trip. Every row is parsed by its table module's schema on the
 * way out, so a drifted column fails loudly at the boundary instead of deep inside a page.
 */
export type Query<T> = { statement: D1PreparedStatement; read(rows: readonly unknown[]): T };

/** Every row of the statement, parsed. */
export function allRows<Schema extends z.core.$ZodType>(statement: D1PreparedStatement, rowSchema: Schema): Query<z.infer<Schema>[]> {
  return { statement, read: (rows) => rows.map((row) => z.parse(rowSchema, row)) };
}

/** The first row of the statement, parsed, or null. */
export function firstRow<Schema extends z.core.$ZodType>(statement: D1PreparedStatement, rowSchema: Schema): Query<z.infer<Schema> | null> {
  return { statement, read: (rows) => (rows.length === 0 ? null : z.parse(rowSchema, rows[0])) };
}

/** The same query, its value turned into another. */
export function mapQuery<T, U>(query: Query<T>, map: (value: T) => U): Query<U> {
  return { statement: query.statement, read: (rows) => map(query.read(rows)) };
}

/** Runs one query on its own (one round trip, not joined with others). */
export async function runQuery<T>(query: Query<T>): Promise<T> {
  const { results } = await query.statement.all();
  return query.read(results);
}

export function queryAll<Schema extends z.core.$ZodType>(statement: D1PreparedStatement, rowSchema: Schema): Promise<z.infer<Schema>[]> {
  return runQuery(allRows(statement, rowSchema));
}

export async function queryFirst<Schema extends z.core.$ZodType>(
  statement: D1PreparedStatement,
  rowSchema: Schema,
): Promise<z.infer<Schema> | null> {
  const row = await statement.first();
  return row === null ? null : z.parse(rowSchema, row);
}

/**
 * Runs a `DELETE … RETURNING 1 AS deleted` and answers how many rows it deleted: RETURNING counts the rows themselves,
 * where `meta.changes` would add what cascades and triggers write.
 */
export async function deletedRowCount(deleteReturning: D1PreparedStatement): Promise<number> {
  const { results } = await deleteReturning.all();
  return results.length;
}

export type QueryValues<Queries extends readonly Query<unknown>[]> = {
  -readonly [K in keyof Queries]: Queries[K] extends Query<infer T> ? T : never;
};

/**
 * Runs reads together in one `db.batch()` (one D1 round trip; D1 runs them in order, in one transaction) and answers
 * their values in the same order. For reads only: a failing statement fails every caller of the batch.
 */
export async function runBatch<const Queries extends readonly Query<unknown>[]>(
  db: Database,
  queries: Queries,
): Promise<QueryValues<Queries>> {
  if (queries.length === 0) return [] as QueryValues<Queries>;
  const results = await sendWithOthers(
    db,
    queries.map((query) => query.statement),
  );
  return queries.map((query, index) => query.read(results[index]?.results ?? [])) as QueryValues<Queries>;
}

type OpenBatch = { statements: D1PreparedStatement[]; results: Promise<D1Result[]> };

const openBatches = new WeakMap<Database, OpenBatch>();

/** A read waiting for the next batch on its database; `board` hands it its place in that batch's answer. */
type Rider = { statement: D1PreparedStatement; board(result: Promise<D1Result | undefined>): void };

const waitingRiders = new WeakMap<Database, Rider[]>();

/**
 * A read sent with the next batch asked for on `db`, so that it costs no round trip of its own; when its value is
 * wanted before any batch went out, it goes then (joined with whatever is being gathered). The session check of a page
 * rides with the page's data this way (worker/domain/accounts/sessions.ts).
 */
export function withNextBatch<T>(db: Database, query: Query<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  const rider: Rider = {
    statement: query.statement,
    board: (result) => {
      // A batch fails as a whole, most likely for one of the others' statements: the rider's own answer is asked again.
      value = result.then(
        (answer) => query.read(answer?.results ?? []),
        async () => (await runBatch(db, [query]))[0] as T,
      );
      // Whoever wants the value sees a failure; a value nobody asked for is no unhandled rejection.
      value.catch(() => undefined);
    },
  };
  const open = openBatches.get(db);
  if (open === undefined) waitingRiders.set(db, [...(waitingRiders.get(db) ?? []), rider]);
  else boardOpenBatch(open, [rider]);
  return () => {
    if (value === undefined) {
      waitingRiders.set(
        db,
        (waitingRiders.get(db) ?? []).filter((waiting) => waiting !== rider),
      );
      boardOpenBatch(openBatch(db), [rider]);
    }
    return value as Promise<T>;
  };
}

function boardOpenBatch(open: OpenBatch, riders: readonly Rider[]): void {
  for (const rider of riders) {
    const at = open.statements.push(rider.statement) - 1;
    rider.board(open.results.then((results) => results[at]));
  }
}

/*
 * Batches asked for on the same database at the same moment go out as ONE `db.batch()`. React Router runs a
 * document's loaders side by side (the root loader's current user and the page's data): joined, they cost one round
 * trip instead of two. The database object is the request's own (capabilities are built per request), so requests
 * never share a batch.
 */
function sendWithOthers(db: Database, statements: readonly D1PreparedStatement[]): Promise<D1Result[]> {
  const open = openBatch(db);
  const from = open.statements.length;
  open.statements.push(...statements);
  return open.results.then((results) => results.slice(from, from + statements.length));
}

/** The batch being gathered on `db`, opened (with the reads waiting to ride along) if there is none. */
function openBatch(db: Database): OpenBatch {
  const open = openBatches.get(db);
  if (open !== undefined) return open;
  const gathered: D1PreparedStatement[] = [];
  const results = othersAskFirst().then(() => {
    openBatches.delete(db);
    return db.batch(gathered);
  });
  const opened = { statements: gathered, results };
  openBatches.set(db, opened);
  boardOpenBatch(opened, waitingRiders.get(db) ?? []);
  waitingRiders.delete(db);
  return opened;
}

/*
 * Measured, the second loader asks one microtask after the first. Waiting a few microtasks costs next to nothing;
 * waiting for a timer (setTimeout 0) costs about 1.2 ms of wall time per batch in workerd.
 */
const GATHERING_MICROTASKS = 16;

async function othersAskFirst(): Promise<void> {
  for (let hop = 0; hop < GATHERING_MICROTASKS; hop += 1) await Promise.resolve();
}

/*
 * Lists are bound as one JSON array and read with `json_each(?)`, never as `IN (?, ?, …)`: D1 binds at most 100
 * values per statement, and a list of ids from a page of 100 plus a user id would pass it.
 */
