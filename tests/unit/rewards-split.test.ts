import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bonusPostCount, rankByScore, selectBonusPosts, splitPool, type SplitEntry } from "../../worker/domain/rewards/split.ts";

const creatorIds = ["ada", "ben", "cat", "dan", "eve", "fay", "gus", "hal"];

/** Posts of a few creators (so creators often have several posts), with realistic and degenerate scores. */
const entriesArbitrary = fc
  .array(
    fc.record({
      creatorId: fc.constantFrom(...creatorIds),
      score: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 1_000_000_000 })),
    }),
    { maxLength: 40 },
  )
  .map((rows): SplitEntry[] => rows.map((row, index) => ({ postId: `post-${String(index).padStart(3, "0")}`, ...row })));

const poolArbitrary = fc.oneof(fc.integer({ min: 0, max: 1_000 }), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const capArbitrary = fc.oneof(fc.integer({ min: 1, max: 10_000 }), fc.constantFrom(1, 2500, 5000, 10_000));

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const value of values) total += value;
  return total;
}

describe("splitPool (property-based)", () => {
  it("never hands out more than the pool, and accounts for the remainder exactly", () => {
    fc.assert(
      fc.property(poolArbitrary, entriesArbitrary, capArbitrary, (pool, entries, capBps) => {
        const result = splitPool(pool, entries, capBps);
        const shares = [...result.shares.values()];
        expect(shares.every((share) => Number.isSafeInteger(share) && share >= 0)).toBe(true);
        expect(BigInt(result.distributed)).toBe(shares.reduce((total, share) => total + BigInt(share), 0n));
        expect(result.distributed).toBeLessThanOrEqual(pool);
        expect(result.remainder).toBe(pool - result.distributed);
        expect(result.remainder).toBeGreaterThanOrEqual(0);
        expect(result.shares.size).toBe(entries.length);
      }),
      { numRuns: 500 },
    );
  });

  it("never gives a creator more than the cap", () => {
    fc.assert(
      fc.property(poolArbitrary, entriesArbitrary, capArbitrary, (pool, entries, capBps) => {
        const result = splitPool(pool, entries, capBps);
        const cap = Number((BigInt(pool) * BigInt(capBps)) / 10_000n);
        expect(result.creatorCap).toBe(cap);
        for (const total of result.creatorTotals.values()) expect(total).toBeLessThanOrEqual(cap);
        for (const creatorId of new Set(entries.map((entry) => entry.creatorId))) {
          const own = entries.filter((entry) => entry.creatorId === creatorId).map((entry) => result.shares.get(entry.postId) ?? 0);
          expect(sum(own)).toBe(result.creatorTotals.get(creatorId));
        }
      }),
      { numRuns: 500 },
    );
  });

  it("gives the same split for the same input, whatever order the posts come in", () => {
    fc.assert(
      fc.property(poolArbitrary, entriesArbitrary, capArbitrary, fc.nat(), (pool, entries, capBps, seed) => {
        const first = splitPool(pool, entries, capBps);
        const again = splitPool(pool, entries, capBps);
        const shuffled = [...entries].sort(
          (a, b) => ((a.postId.charCodeAt(5) * 31 + seed) % 7) - ((b.postId.charCodeAt(5) * 31 + seed) % 7),
        );
        const reordered = splitPool(pool, shuffled, capBps);
        expect([...again.shares]).toEqual([...first.shares]);
        for (const entry of entries) expect(reordered.shares.get(entry.postId)).toBe(first.shares.get(entry.postId));
        expect(reordered.remainder).toBe(first.remainder);
      }),
      { numRuns: 300 },
    );
  });

  it("hands out the whole pool when nobody is capped and something scored", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), entriesArbitrary, (pool, entries) => {
        fc.pre(entries.some((entry) => entry.score > 0));
        expect(splitPool(pool, entries, 10_000).remainder).toBe(0);
      }),
    );
  });

  it("pays nothing for a score of zero, and follows scores: a higher-scoring post of one creator never gets less", () => {
    fc.assert(
      fc.property(poolArbitrary, entriesArbitrary, capArbitrary, (pool, entries, capBps) => {
        const result = splitPool(pool, entries, capBps);
        for (const entry of entries) if (entry.score === 0) expect(result.shares.get(entry.postId)).toBe(0);
        for (const a of entries) {
          for (const b of entries) {
            if (a.creatorId === b.creatorId && a.score > b.score) {
              expect(result.shares.get(a.postId) ?? 0).toBeGreaterThanOrEqual(result.shares.get(b.postId) ?? 0);
            }
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe("splitPool (examples)", () => {
  it("splits in proportion to score", () => {
    const result = splitPool(
      1_000,
      [
        { postId: "a", creatorId: "ada", score: 3 },
        { postId: "b", creatorId: "ben", score: 1 },
      ],
      10_000,
    );
    expect(Object.fromEntries(result.shares)).toEqual({ a: 750, b: 250 });
    expect(result.remainder).toBe(0);
  });

  it("caps a dominant creator and shares the rest among the others", () => {
    // ada would take 90 %; the cap is 50 %: she gets 500 and ben and cat share the other 500 by score.
    const result = splitPool(
      1_000,
      [
        { postId: "a1", creatorId: "ada", score: 80 },
        { postId: "a2", creatorId: "ada", score: 10 },
        { postId: "b", creatorId: "ben", score: 6 },
        { postId: "c", creatorId: "cat", score: 4 },
      ],
      5_000,
    );
    expect(result.creatorTotals.get("ada")).toBe(500);
    expect(Object.fromEntries(result.shares)).toEqual({ a1: 444, a2: 56, b: 300, c: 200 });
    expect(result.remainder).toBe(0);
  });

  it("keeps in the pool what capped creators cannot take", () => {
    const result = splitPool(1_000, [{ postId: "a", creatorId: "ada", score: 5 }], 2_500);
    expect(result.shares.get("a")).toBe(250);
    expect(result.remainder).toBe(750);
  });

  it("gives the units left by rounding to the largest fractions, ties to the smaller id", () => {
    const result = splitPool(
      10,
      [
        { postId: "a", creatorId: "ada", score: 1 },
        { postId: "b", creatorId: "ben", score: 1 },
        { postId: "c", creatorId: "cat", score: 1 },
      ],
      10_000,
    );
    expect(Object.fromEntries(result.shares)).toEqual({ a: 4, b: 3, c: 3 });
  });

  it("keeps the whole pool when nothing scored", () => {
    const result = splitPool(1_000, [{ postId: "a", creatorId: "ada", score: 0 }], 10_000);
    expect(result.shares.get("a")).toBe(0);
    expect(result.remainder).toBe(1_000);
  });

  it("refuses amounts and scores that are not whole numbers", () => {
    expect(() => splitPool(1.5, [], 10_000)).toThrow(RangeError);
    expect(() => splitPool(10, [{ postId: "a", creatorId: "ada", score: -1 }], 10_000)).toThrow(RangeError);
    expect(() => splitPool(10, [], 0)).toThrow(RangeError);
    expect(() =>
      splitPool(
        10,
        [
          { postId: "a", creatorId: "ada", score: 1 },
          { postId: "a", creatorId: "ben", score: 1 },
        ],
        10_000,
      ),
    ).toThrow(RangeError);
  });
});

describe("bonus posts: the top 10 % of a week's scores", () => {
  it("takes the top tenth, rounded up, best scores first", () => {
    const week = Array.from({ length: 25 }, (_, index) => ({ postId: `p${String(index).padStart(2, "0")}`, score: index * 10 }));
    expect(bonusPostCount(25)).toBe(3);
    expect([...selectBonusPosts(week)]).toEqual(["p24", "p23", "p22"]);
  });

  it("gives a single eligible post the bonus, but not for a score of zero", () => {
    expect([...selectBonusPosts([{ postId: "only", score: 7 }])]).toEqual(["only"]);
    expect([...selectBonusPosts([{ postId: "only", score: 0 }])]).toEqual([]);
    expect(bonusPostCount(0)).toBe(0);
  });

  it("breaks ties by post id and does not depend on input order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }), (scores) => {
        const entries = scores.map((score, index) => ({ postId: `p${String(index).padStart(2, "0")}`, score }));
        const forward = selectBonusPosts(entries);
        const backward = selectBonusPosts([...entries].reverse());
        expect([...backward].sort()).toEqual([...forward].sort());
        expect(forward.size).toBeLessThanOrEqual(bonusPostCount(entries.length));
        const ranked = rankByScore(entries);
        const lowestChosen = Math.min(...ranked.filter((entry) => forward.has(entry.postId)).map((entry) => entry.score));
        for (const entry of entries)
          if (!forward.has(entry.postId) && forward.size > 0) expect(entry.score).toBeLessThanOrEqual(lowestChosen);
      }),
    );
  });
});
