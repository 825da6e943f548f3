import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { meteredD1, newD1Meter } from "../../../worker/timings.ts";

/*
 * The D1 meter behind Server-Timing's `d1` entry and the scheduler's per-step figures (worker/timings.ts): round trips,
 * statements, and the rows D1 reports in each result's `meta`, `first()` included.
 */
beforeAll(async () => {
  await env.DB.prepare("CREATE TABLE meter_probe (n INTEGER NOT NULL)").run();
});

describe("the metered D1 binding", () => {
  it("counts the rows a batch writes and a read reads, from D1's meta", async () => {
    const meter = newD1Meter();
    const db = meteredD1(env.DB, meter);
    await db.batch([1, 2, 3].map((n) => db.prepare("INSERT INTO meter_probe (n) VALUES (?)").bind(n)));
    expect(meter).toMatchObject({ roundTrips: 1, statements: 3, rowsRead: 0, rowsWritten: 3 });
    // Without ORDER BY: SQLite counts the rows a sort reads back as read too.
    const { results } = await db.prepare("SELECT n FROM meter_probe").all<{ n: number }>();
    expect(results.map((row) => row.n).sort()).toEqual([1, 2, 3]);
    expect(meter).toMatchObject({ roundTrips: 2, statements: 4, rowsRead: 3, rowsWritten: 3 });
  });

  it("answers first() as D1 does, and counts what it read", async () => {
    const meter = newD1Meter();
    const db = meteredD1(env.DB, meter);
    expect(await db.prepare("SELECT n FROM meter_probe WHERE n >= ? ORDER BY n").bind(2).first<{ n: number }>()).toEqual({ n: 2 });
    expect(await db.prepare("SELECT n FROM meter_probe WHERE n = 3").first<number>("n")).toBe(3);
    expect(await db.prepare("SELECT n FROM meter_probe WHERE n = 99").first()).toBeNull();
    await expect(db.prepare("SELECT n FROM meter_probe WHERE n = 1").first("missing")).rejects.toThrow(/D1_COLUMN_NOTFOUND/);
    expect(meter.roundTrips).toBe(4);
    expect(meter.rowsRead).toBeGreaterThanOrEqual(3);
  });
});
