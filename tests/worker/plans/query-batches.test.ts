import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { firstRow, runBatch, withNextBatch } from "../../../worker/db/query.ts";

/** The database, counting the batches sent to it (each is one D1 round trip). */
function countedDatabase(): { db: D1Database; batches: () => number } {
  let sent = 0;
  const db = {
    prepare: (query: string) => env.DB.prepare(query),
    batch: (statements: D1PreparedStatement[]) => {
      sent += 1;
      return env.DB.batch(statements);
    },
  } as unknown as D1Database;
  return { db, batches: () => sent };
}

const numberRow = z.object({ n: z.number() });
const selectNumber = (db: D1Database, n: number) => firstRow(db.prepare("SELECT ? AS n").bind(n), numberRow);

describe("reads sent together in one round trip", () => {
  it("batches asked for at the same moment go out as one", async () => {
    const { db, batches } = countedDatabase();
    const [first, second] = await Promise.all([
      runBatch(db, [selectNumber(db, 1)]),
      runBatch(db, [selectNumber(db, 2), selectNumber(db, 3)]),
    ]);
    expect(first).toEqual([{ n: 1 }]);
    expect(second).toEqual([{ n: 2 }, { n: 3 }]);
    expect(batches()).toBe(1);
  });

  it("a read waiting for the next batch rides with it, however much later that batch is asked for", async () => {
    const { db, batches } = countedDatabase();
    const rider = withNextBatch(db, selectNumber(db, 7));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await runBatch(db, [selectNumber(db, 8)])).toEqual([{ n: 8 }]);
    expect(await rider()).toEqual({ n: 7 });
    expect(batches()).toBe(1);
  });

  it("a read whose value is wanted before any batch goes on its own, once", async () => {
    const { db, batches } = countedDatabase();
    const rider = withNextBatch(db, selectNumber(db, 9));
    expect(await rider()).toEqual({ n: 9 });
    expect(await rider()).toEqual({ n: 9 });
    expect(await runBatch(db, [selectNumber(db, 10)])).toEqual([{ n: 10 }]);
    expect(batches()).toBe(2);
  });

  it("a read that rode with a batch that failed for another statement is answered on its own", async () => {
    const { db, batches } = countedDatabase();
    const rider = withNextBatch(db, selectNumber(db, 11));
    const failing = firstRow(db.prepare("SELECT n FROM no_such_table"), numberRow);
    await expect(runBatch(db, [failing])).rejects.toThrow(/no such table/);
    expect(await rider()).toEqual({ n: 11 });
    expect(batches()).toBe(2);
  });
});
