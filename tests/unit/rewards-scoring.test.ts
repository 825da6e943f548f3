import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultScoreWeights } from "../../worker/contracts/campaign-rules.ts";
import { scoreOf, zeroMetrics } from "../../worker/domain/rewards/scoring.ts";
import { metricsFromX } from "../../worker/domain/networks/x/adapter.ts";
import { formatAmount } from "../../worker/domain/rewards/notifications.ts";

describe("scoreOf", () => {
  it("weighs each kind of engagement by the campaign's weights", () => {
    const metrics = { impressions: 1000, likes: 10, reposts: 2, replies: 3, quotes: 1, bookmarks: 4 };
    // 1000×1 + 10×20 + 2×50 + 3×30 + 1×50 + 4×20
    expect(scoreOf(metrics, defaultScoreWeights, "x")).toBe(1520);
    expect(scoreOf(metrics, { impressions: 0, likes: 1, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 }, "x")).toBe(10);
    expect(scoreOf(zeroMetrics, defaultScoreWeights, "x")).toBe(0);
  });

  it("weighs only the counts the post's network reports: views and bookmarks do not exist on Bluesky", () => {
    const metrics = { impressions: 1000, likes: 10, reposts: 2, replies: 3, quotes: 1, bookmarks: 4 };
    // 10×20 + 2×50 + 3×30 + 1×50; the impressions (1000×1) and bookmarks (4×20) weights do not apply there.
    expect(scoreOf(metrics, defaultScoreWeights, "bluesky")).toBe(440);
    expect(scoreOf(metrics, { impressions: 100, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 100 }, "bluesky")).toBe(0);
  });

  it("reads X's public metrics under our names", () => {
    expect(
      metricsFromX({ impression_count: 9, like_count: 8, retweet_count: 7, reply_count: 6, quote_count: 5, bookmark_count: 4 }),
    ).toEqual({ impressions: 9, likes: 8, reposts: 7, replies: 6, quotes: 5, bookmarks: 4 });
  });

  it("never decreases when engagement grows", () => {
    const count = fc.integer({ min: 0, max: 1_000_000 });
    const metrics = fc.record({ impressions: count, likes: count, reposts: count, replies: count, quotes: count, bookmarks: count });
    fc.assert(
      fc.property(
        metrics,
        fc.constantFrom("impressions", "likes", "reposts", "replies", "quotes", "bookmarks" as const),
        fc.nat(1000),
        (base, kind, extra) => {
          expect(scoreOf({ ...base, [kind]: base[kind] + extra }, defaultScoreWeights, "x")).toBeGreaterThanOrEqual(
            scoreOf(base, defaultScoreWeights, "x"),
          );
        },
      ),
    );
  });

  it("refuses counts that are not whole numbers", () => {
    expect(() => scoreOf({ ...zeroMetrics, likes: -1 }, defaultScoreWeights, "x")).toThrow(RangeError);
    expect(() => scoreOf({ ...zeroMetrics, likes: 1.5 }, defaultScoreWeights, "x")).toThrow(RangeError);
  });
});

describe("amounts in notifications", () => {
  it("shows the smallest units as the app does", () => {
    expect(formatAmount(12_340_000, "USDC")).toBe("12.34 USDC");
    expect(formatAmount(1_234_567_890, "USDC")).toBe("1,234.56 USDC");
    expect(formatAmount(1999, "USD")).toBe("19.99 USD");
  });
});
