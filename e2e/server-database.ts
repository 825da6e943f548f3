import { getPlatformProxy } from "wrangler";
import { serverStateDir } from "../playwright.config";

/**
 * The e2e server's own bindings (this worker's `serverStateDir`, playwright.config.ts, unless a journey runs its own server) through wrangler's platform proxy, for
 * journeys that set up or read what the product cannot make or show quickly. The server writes the same SQLite file
 * meanwhile (its scheduler runs every minute) and local D1 answers SQLITE_BUSY at once rather than wait for the lock,
 * so this D1 waits and tries again, as SQLite's own busy timeout would.
 */
export async function serverBindings(persistTo = serverStateDir): Promise<{ env: Cloudflare.Env; dispose: () => Promise<void> }> {
  const proxy = await getPlatformProxy<Cloudflare.Env>({ configPath: "wrangler.toml", persist: { path: `${persistTo}/v3` } });
  return { env: { ...proxy.env, DB: waitingForLocks(proxy.env.DB) }, dispose: () => proxy.dispose() };
}

const LOCK_WAIT_MS = 100;
const LOCK_ATTEMPTS = 100;

async function whenUnlocked<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= LOCK_ATTEMPTS || !(error instanceof Error) || !error.message.includes("SQLITE_BUSY")) throw error;
      await new Promise((resolve) => setTimeout(resolve, LOCK_WAIT_MS));
    }
  }
}

/** The statements a waiting D1 hands out, and the binding's own statement behind each (for `batch`). */
const underlying = new WeakMap<object, D1PreparedStatement>();

function waitingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  const waiting: D1PreparedStatement = {
    bind: (...values: unknown[]) => waitingStatement(statement.bind(...values)),
    first: ((column?: string) =>
      whenUnlocked(() => (column === undefined ? statement.first() : statement.first(column)))) as D1PreparedStatement["first"],
    run: (() => whenUnlocked(() => statement.run())) as D1PreparedStatement["run"],
    all: (() => whenUnlocked(() => statement.all())) as D1PreparedStatement["all"],
    raw: ((options?: { columnNames?: boolean }) =>
      whenUnlocked<unknown[]>(() =>
        options?.columnNames === true ? statement.raw({ columnNames: true }) : statement.raw(),
      )) as D1PreparedStatement["raw"],
  };
  underlying.set(waiting, statement);
  return waiting;
}

function waitingForLocks(db: D1Database): D1Database {
  return {
    prepare: (query: string) => waitingStatement(db.prepare(query)),
    batch: ((statements: D1PreparedStatement[]) =>
      whenUnlocked(() => db.batch(statements.map((statement) => underlying.get(statement) ?? statement)))) as D1Database["batch"],
    exec: (query: string) => whenUnlocked(() => db.exec(query)),
    withSession: db.withSession.bind(db),
    dump: db.dump.bind(db),
  } as D1Database;
}
