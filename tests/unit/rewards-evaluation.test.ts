import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ClaimedPost } from "../../worker/db/post-rewards.ts";
import { campaignPoolAccount, creatorAvailableAccount } from "../../worker/domain/ledger/accounts.ts";
import { normalizedLines, UnbalancedEntryError } from "../../worker/domain/ledger/journal.ts";
import { flaggedReason, planEvaluation, zeroShareReason } from "../../worker/domain/rewards/evaluation-plan.ts";
import { dailyGains } from "../../worker/domain/risk/post-review.ts";

const campaign = { id: "campaign-x", rewardCurrency: "USDC", creatorCapBps: 5_000, weeks: 2 };

const claimedArbitrary = fc
  .array(
    fc.record({
      userId: fc.constantFrom("u1", "u2", "u3", "u4", "u5"),
      week: fc.constantFrom(1, 2),
      score: fc.integer({ min: 0, max: 10_000 }),
      bonus: fc.boolean(),
      accountFlagged: fc.integer({ min: 0, max: 4 }).map((draw) => draw === 0),
    }),
    { maxLength: 30 },
  )
  .map((rows): ClaimedPost[] => rows.map((row, index) => ({ postId: `p${String(index).padStart(2, "0")}`, ...row })));

describe("planEvaluation", () => {
  it("balances every entry, pays what the post rewards say, and never more than the pools", () => {
    fc.assert(
      fc.property(
        claimedArbitrary,
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 1, max: 4 }),
        (claimed, weekly, bonus, linesPerEntry) => {
          const plan = planEvaluation({
            campaign,
            claimed,
            weeklyPools: new Map([
              [1, weekly],
              [2, weekly],
            ]),
            bonusPool: bonus,
            now: 0,
            linesPerEntry,
          });
          let credited = 0;
          for (const entry of plan.entries) {
            const lines = normalizedLines(entry);
            expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
            expect(lines.length).toBeLessThanOrEqual(linesPerEntry + 1);
            credited += lines.filter((line) => line.account.kind === "creator-available").reduce((sum, line) => sum + line.amount, 0);
          }
          const rewarded = plan.rewards.reduce((sum, reward) => sum + reward.poolAmount + reward.bonusAmount, 0);
          expect(credited).toBe(rewarded);
          expect(rewarded).toBeLessThanOrEqual(2 * weekly + bonus);
          expect(new Set(plan.entries.map((entry) => entry.idempotencyKey)).size).toBe(plan.entries.length);
          expect(plan.rewards.map((reward) => reward.postId).sort()).toEqual(claimed.map((post) => post.postId).sort());
          for (const post of claimed.filter((candidate) => candidate.accountFlagged)) {
            expect(plan.changes.find((change) => change.postId === post.postId)).toEqual({
              postId: post.postId,
              status: "not-rewarded",
              reasons: [flaggedReason],
            });
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("rewards posts with a share and explains a share of nothing", () => {
    const plan = planEvaluation({
      campaign,
      claimed: [
        { postId: "a", userId: "u1", week: 1, score: 10, bonus: true, accountFlagged: false },
        { postId: "b", userId: "u2", week: 1, score: 10, bonus: false, accountFlagged: false },
        { postId: "c", userId: "u3", week: 2, score: 0, bonus: false, accountFlagged: false },
      ],
      weeklyPools: new Map([
        [1, 1_000],
        [2, 1_000],
      ]),
      bonusPool: 300,
      now: 5,
    });
    expect(plan.rewards).toEqual([
      { postId: "a", userId: "u1", poolAmount: 500, bonusAmount: 300 },
      { postId: "b", userId: "u2", poolAmount: 500, bonusAmount: 0 },
      { postId: "c", userId: "u3", poolAmount: 0, bonusAmount: 0 },
    ]);
    expect(plan.changes).toEqual([
      { postId: "a", status: "rewarded" },
      { postId: "b", status: "rewarded" },
      { postId: "c", status: "not-rewarded", reasons: [zeroShareReason] },
    ]);
    expect(plan.entries.map((entry) => entry.idempotencyKey)).toEqual([
      "reward:campaign-x:week:1:part:1",
      "reward:campaign-x:bonus:part:1",
    ]);
    expect(plan.weekSplits.get(2)?.remainder).toBe(1_000);
    expect(plan.creatorTotals.get("u1")).toEqual({ amount: 800, posts: 1 });
  });
});

describe("journal entries", () => {
  const pool = campaignPoolAccount("campaign-x", "USDC", 1);
  const ada = creatorAvailableAccount("ada", "USDC");
  const entry = (lines: { account: typeof pool; amount: number }[]) => ({
    idempotencyKey: "k",
    kind: "reward" as const,
    memo: "",
    lines,
    createdAt: 0,
  });

  it("merges lines on the same account and drops what cancels out", () => {
    expect(
      normalizedLines(
        entry([
          { account: pool, amount: -5 },
          { account: ada, amount: 3 },
          { account: ada, amount: 2 },
        ]),
      ),
    ).toEqual([
      { account: pool, amount: -5 },
      { account: ada, amount: 5 },
    ]);
  });

  it("refuses entries that do not balance, move nothing, or hold fractions", () => {
    expect(() =>
      normalizedLines(
        entry([
          { account: pool, amount: -5 },
          { account: ada, amount: 4 },
        ]),
      ),
    ).toThrow(UnbalancedEntryError);
    expect(() =>
      normalizedLines(
        entry([
          { account: ada, amount: 5 },
          { account: ada, amount: -5 },
        ]),
      ),
    ).toThrow(UnbalancedEntryError);
    expect(() =>
      normalizedLines(
        entry([
          { account: pool, amount: -0.5 },
          { account: ada, amount: 0.5 },
        ]),
      ),
    ).toThrow(UnbalancedEntryError);
    expect(() =>
      normalizedLines(
        entry([
          { account: pool, amount: -1 },
          { account: creatorAvailableAccount("ada", "EUR"), amount: 1 },
        ]),
      ),
    ).toThrow(UnbalancedEntryError);
  });
});

describe("planEvaluation with posts held for review", () => {
  it("sends a held post's pool and bonus shares to the hold account, keeps it claimed with its reasons, and pays the rest", () => {
    const heldReasons = [{ code: "held-for-review", message: "Held." }];
    const plan = planEvaluation({
      campaign: { id: "campaign-h", rewardCurrency: "USDC", creatorCapBps: 10_000, weeks: 1 },
      claimed: [
        { postId: "p1", userId: "u1", week: 1, score: 60, bonus: true, accountFlagged: false },
        { postId: "p2", userId: "u2", week: 1, score: 40, bonus: false, accountFlagged: false },
      ],
      weeklyPools: new Map([[1, 1_000]]),
      bonusPool: 300,
      now: 0,
      held: new Map([["p1", heldReasons]]),
    });
    // p1: 600 of the week's 1,000 and the whole bonus of 300, held; p2: 400, paid.
    expect(plan.rewards).toEqual([
      { postId: "p1", userId: "u1", poolAmount: 600, bonusAmount: 300 },
      { postId: "p2", userId: "u2", poolAmount: 400, bonusAmount: 0 },
    ]);
    expect(plan.changes).toEqual([
      { postId: "p1", status: "claimed", reasons: heldReasons },
      { postId: "p2", status: "rewarded" },
    ]);
    expect([...plan.creatorTotals]).toEqual([["u2", { amount: 400, posts: 1 }]]);
    expect(
      plan.entries.map((entry) => [entry.idempotencyKey, entry.kind, entry.lines.map((line) => [line.account.id, line.amount])]),
    ).toEqual([
      [
        "reward:campaign-h:week:1:part:1",
        "reward",
        [
          ["campaign-pool:campaign-h:w1:USDC", -400],
          ["creator-available:u2:USDC", 400],
        ],
      ],
      [
        "reward-hold:campaign-h",
        "reward-hold",
        [
          ["campaign-pool:campaign-h:w1:USDC", -600],
          ["campaign-bonus-pool:campaign-h:USDC", -300],
          ["campaign-reward-hold:campaign-h:USDC", 900],
        ],
      ],
    ]);
  });
});

describe("dailyGains", () => {
  const day = (n: number) => Date.UTC(2026, 10, 1) + n * 86_400_000;
  it("fills the days without a gain with 0, over the last 4 days up to the last gain, never before the post", () => {
    // Newest first, as the query gives them: 5,000 on day 6 after 10 on day 3 (days 4 and 5 gained nothing).
    expect(
      dailyGains({
        posted_at: day(0) + 3_600_000,
        recent_gains: JSON.stringify([
          [day(6), 5_000],
          [day(3), 10],
        ]),
      }),
    ).toEqual([10, 0, 0, 5_000]);
    expect(
      dailyGains({
        posted_at: day(5) + 3_600_000,
        recent_gains: JSON.stringify([
          [day(6), 700],
          [day(5), 50],
        ]),
      }),
    ).toEqual([50, 700]);
    expect(dailyGains({ posted_at: day(0), recent_gains: "[]" })).toEqual([]);
  });
});
