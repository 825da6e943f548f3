import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CommissionStateRow, DueConversionRow } from "../../worker/db/commissions.ts";
import type { CommissionRule } from "../../worker/db/commissions.ts";
import { cappedAmount, clawback, ruleAmount } from "../../worker/domain/commissions/amounts.ts";
import {
  eventKeyOf,
  planDebtRecovery,
  planIntake,
  releaseEntries,
  type CampaignTerms,
  type PlannedEntry,
} from "../../worker/domain/commissions/plan.ts";

/*
 * The arithmetic of commissions and the ledger movements of their life (docs/decisions/045-commissions.md), by
 * hand-written cases and by fast-check: any sequence of sales, refunds, chargebacks, releases, withdrawals and debt
 * recoveries keeps every entry balanced and every balance (but the outside world's) at zero or more, and the money is
 * all somewhere: the budget, a creator's pending or available money, or what they withdrew.
 */

const share = (shareBps: number, extra: Partial<CommissionRule> = {}): CommissionRule => ({
  eventType: "purchase",
  fixedAmount: null,
  shareBps,
  minValue: null,
  creatorWeeklyCap: null,
  campaignCap: null,
  ...extra,
});
const fixed = (fixedAmount: number, extra: Partial<CommissionRule> = {}): CommissionRule => ({
  ...share(1),
  shareBps: null,
  fixedAmount,
  ...extra,
});

describe("a rule's amount", () => {
  it("is a share of the value rounded down, or the fixed amount, by hand-written cases", () => {
    expect(ruleAmount(share(1_000), { value: 50_000_000, currency: "USDC" }, "USDC")).toEqual({ ok: true, amount: 5_000_000 });
    expect(ruleAmount(share(3_333), { value: 33, currency: "USDC" }, "USDC")).toEqual({ ok: true, amount: 10 });
    expect(ruleAmount(share(10_000), { value: 9_007_199_254_740_991, currency: "USDC" }, "USDC")).toEqual({
      ok: true,
      amount: 9_007_199_254_740_991,
    });
    expect(ruleAmount(share(7_500), { value: 9_007_199_254_740_991, currency: "USDC" }, "USDC")).toEqual({
      ok: true,
      amount: 6_755_399_441_055_743,
    });
    expect(ruleAmount(share(1), { value: 9_999, currency: "USDC" }, "USDC")).toEqual({
      ok: false,
      reason: "its value is too small for a share of one unit",
    });
    expect(ruleAmount(share(1_000), { value: 100, currency: "EUR" }, "USDC")).toEqual({
      ok: false,
      reason: "the rule pays a share of a value in USDC and the event has none",
    });
    expect(ruleAmount(fixed(2_000_000), { value: null, currency: null }, "USDC")).toEqual({ ok: true, amount: 2_000_000 });
    expect(ruleAmount(fixed(2_000_000, { minValue: 10 }), { value: 9, currency: "USDC" }, "USDC")).toEqual({
      ok: false,
      reason: "its value is below the rule's minimum",
    });
    expect(ruleAmount(fixed(2_000_000, { minValue: 10 }), { value: 10, currency: "USDC" }, "USDC")).toEqual({
      ok: true,
      amount: 2_000_000,
    });
  });

  it("never pays more than the value, and is an integer", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), fc.integer({ min: 1, max: 10_000 }), (value, bps) => {
        const result = ruleAmount(share(bps), { value, currency: "USDC" }, "USDC");
        if (!result.ok) return value * bps < 10_000; // only when the share is under one unit
        return Number.isSafeInteger(result.amount) && result.amount > 0 && result.amount <= value;
      }),
    );
  });

  it("a cap cuts to what is left and never below zero, by hand-written cases", () => {
    expect(
      cappedAmount(1_000_000, { creatorWeeklyCap: 2_500_000, campaignCap: null }, { creatorWeekUsed: 2_000_000, campaignUsed: 0 }),
    ).toBe(500_000);
    expect(
      cappedAmount(1_000_000, { creatorWeeklyCap: 2_500_000, campaignCap: 1_200_000 }, { creatorWeekUsed: 0, campaignUsed: 1_000_000 }),
    ).toBe(200_000);
    expect(cappedAmount(1_000_000, { creatorWeeklyCap: 1, campaignCap: null }, { creatorWeekUsed: 5, campaignUsed: 0 })).toBe(0);
    expect(cappedAmount(7, { creatorWeeklyCap: null, campaignCap: null }, { creatorWeekUsed: 99, campaignUsed: 99 })).toBe(7);
  });

  it("commissions under a cap never add up to more than it", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000 }), { maxLength: 40 }), fc.integer({ min: 1, max: 5_000 }), (amounts, cap) => {
        let used = 0;
        for (const amount of amounts)
          used += cappedAmount(amount, { creatorWeeklyCap: cap, campaignCap: null }, { creatorWeekUsed: used, campaignUsed: 0 });
        return (
          used <= cap &&
          used ===
            Math.min(
              cap,
              amounts.reduce((sum, amount) => sum + amount, 0),
            )
        );
      }),
    );
  });

  it("a clawback takes what the balance has and leaves the rest as debt", () => {
    expect(clawback(4_000_000, 1_000_000)).toEqual({ takenNow: 1_000_000, debt: 3_000_000 });
    expect(clawback(4_000_000, 9_000_000)).toEqual({ takenNow: 4_000_000, debt: 0 });
    expect(clawback(4_000_000, 0)).toEqual({ takenNow: 0, debt: 4_000_000 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), fc.integer({ min: 0, max: 1e12 }), (amount, available) => {
        const { takenNow, debt } = clawback(amount, available);
        return takenNow + debt === amount && takenNow >= 0 && debt >= 0 && takenNow <= available;
      }),
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
// A model of the ledger and the commission rows, driven by the same plans the scheduler posts.

const CAMPAIGN = "camp";
const ADVERTISER = "adv";
const CREATORS = ["ada", "bo"];
const OUTSIDE = "withdrawn";

type Model = {
  balances: Map<string, number>;
  commissions: Map<string, CommissionStateRow & { debt: number; debt_recovered: number; available_at: number }>;
  /** What the intake reads per commission id: its event id. */
  ids: number;
  events: number;
  eventsByIndex: string[];
  usage: Map<string, number>;
};

function post(model: Model, entries: readonly PlannedEntry[]): void {
  for (const entry of entries) {
    expect(entry.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(0);
    for (const line of entry.lines) {
      const balance = (model.balances.get(line.accountId) ?? 0) + line.amount;
      expect(Number.isSafeInteger(line.amount)).toBe(true);
      expect(balance, `${entry.idempotencyKey} leaves ${line.accountId} negative`).toBeGreaterThanOrEqual(0);
      model.balances.set(line.accountId, balance);
    }
  }
}

const budgetId = `campaign-commission-budget:${CAMPAIGN}:USDC`;
const availableId = (creator: string) => `creator-available:${creator}:USDC`;
const pendingId = (creator: string) => `creator-commission-pending:${creator}:USDC`;

type Step =
  | { kind: "sale"; creator: number; value: number }
  | { kind: "refund"; of: number; chargeback: boolean }
  | { kind: "release" }
  | { kind: "withdraw"; creator: number; share: number }
  | { kind: "recover" };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("sale" as const), creator: fc.integer({ min: 0, max: 1 }), value: fc.integer({ min: 0, max: 100_000 }) }),
  fc.record({ kind: fc.constant("refund" as const), of: fc.nat(), chargeback: fc.boolean() }),
  fc.record({ kind: fc.constant("release" as const) }),
  fc.record({ kind: fc.constant("withdraw" as const), creator: fc.integer({ min: 0, max: 1 }), share: fc.integer({ min: 1, max: 100 }) }),
  fc.record({ kind: fc.constant("recover" as const) }),
);

function run(steps: readonly Step[], budget: number, rule: CommissionRule): Model {
  const model: Model = {
    balances: new Map([[budgetId, budget]]),
    commissions: new Map(),
    ids: 0,
    events: 0,
    eventsByIndex: [],
    usage: new Map(),
  };
  let now = 1_000;
  for (const step of steps) {
    now += 1_000;
    if (step.kind === "sale" || step.kind === "refund") {
      const eventId = `e${(model.events += 1)}`;
      const creator = CREATORS[step.kind === "sale" ? step.creator : 0] ?? "ada";
      const original =
        step.kind === "refund" && model.eventsByIndex.length > 0 ? model.eventsByIndex[step.of % model.eventsByIndex.length] : undefined;
      if (step.kind === "refund" && original === undefined) continue;
      const event: DueConversionRow = {
        advertiser_id: ADVERTISER,
        event_id: eventId,
        type: step.kind === "sale" ? "purchase" : step.chargeback ? "chargeback" : "refund",
        value: step.kind === "sale" ? step.value : null,
        currency: "USDC",
        campaign_id: CAMPAIGN,
        creator_id: creator,
        reverses_event_id: original ?? null,
        received_at: now,
      };
      if (step.kind === "sale") model.eventsByIndex.push(eventId);
      const terms: CampaignTerms = {
        campaignId: CAMPAIGN,
        currency: "USDC",
        startsAt: 0,
        validationDays: 0,
        budget: model.balances.get(budgetId) ?? 0,
        rules: new Map([["purchase", rule]]),
      };
      const commissions = new Map(
        [...model.commissions.values()].map((row) => [
          eventKeyOf(row.advertiser_id, row.event_id),
          { ...row, creator_available: model.balances.get(availableId(row.creator_id)) ?? 0 },
        ]),
      );
      const plan = planIntake({
        events: [event],
        terms: new Map([[CAMPAIGN, terms]]),
        usage: model.usage,
        commissions,
        now,
        newCommissionId: () => `c${(model.ids += 1)}`,
      });
      post(model, plan.entries);
      for (const made of plan.commissions) {
        model.commissions.set(made.id, {
          id: made.id,
          advertiser_id: made.advertiserId,
          event_id: made.eventId,
          campaign_id: made.campaignId,
          creator_id: made.creatorId,
          currency: made.currency,
          amount: made.amount,
          status: "pending",
          creator_available: 0,
          debt: 0,
          debt_recovered: 0,
          available_at: made.availableAt,
        });
      }
      for (const increment of plan.usage) {
        const key = `${increment.campaignId}\u0000${increment.eventType}\u0000${increment.creatorId}\u0000${increment.week}`;
        model.usage.set(key, (model.usage.get(key) ?? 0) + increment.amount);
      }
      for (const reversal of plan.reversals) {
        const row = model.commissions.get(reversal.id);
        if (row !== undefined) model.commissions.set(reversal.id, { ...row, status: "reversed", debt: reversal.debt });
      }
    } else if (step.kind === "release") {
      const due = [...model.commissions.values()].filter((row) => row.status === "pending" && row.available_at <= now);
      post(model, releaseEntries(due, now));
      for (const row of due) model.commissions.set(row.id, { ...row, status: "available" });
    } else if (step.kind === "withdraw") {
      const creator = CREATORS[step.creator] ?? "ada";
      const amount = Math.floor(((model.balances.get(availableId(creator)) ?? 0) * step.share) / 100);
      if (amount > 0) {
        post(model, [
          {
            idempotencyKey: `w${now}`,
            kind: "withdrawal-payout",
            memo: "",
            ref: "",
            createdAt: now,
            lines: [
              { accountId: availableId(creator), amount: -amount },
              { accountId: OUTSIDE, amount },
            ],
            accounts: [],
          },
        ]);
      }
    } else {
      const debts = [...model.commissions.values()]
        .filter((row) => row.debt > row.debt_recovered)
        .sort((a, b) => a.creator_id.localeCompare(b.creator_id) || a.id.localeCompare(b.id))
        .map((row) => ({ ...row, creator_available: model.balances.get(availableId(row.creator_id)) ?? 0 }));
      const plan = planDebtRecovery(debts, now);
      post(model, plan.entries);
      for (const recovery of plan.recoveries) {
        const row = model.commissions.get(recovery.id);
        if (row !== undefined) model.commissions.set(recovery.id, { ...row, debt_recovered: row.debt_recovered + recovery.amount });
      }
    }
  }
  return model;
}

describe("a commission's life in the ledger", () => {
  it("by hand: a sale, its release, a withdrawal, a chargeback and the next sale that repays the debt", () => {
    const model = run(
      [
        { kind: "sale", creator: 0, value: 40_000 },
        { kind: "release" },
        { kind: "withdraw", creator: 0, share: 75 },
        { kind: "refund", of: 0, chargeback: true },
        { kind: "sale", creator: 0, value: 40_000 },
        { kind: "release" },
        { kind: "recover" },
      ],
      100_000,
      share(1_000),
    );
    // 10 % of 40,000 twice; 3,000 of the first withdrawn; the chargeback took the 1,000 left and owes 3,000, repaid
    // from the second commission's 4,000.
    expect(Object.fromEntries(model.balances)).toEqual({
      [budgetId]: 96_000,
      [pendingId("ada")]: 0,
      [availableId("ada")]: 1_000,
      [OUTSIDE]: 3_000,
    });
    expect([...model.commissions.values()].map((row) => [row.status, row.amount, row.debt, row.debt_recovered])).toEqual([
      ["reversed", 4_000, 3_000, 3_000],
      ["available", 4_000, 0, 0],
    ]);
  });

  it("keeps every entry balanced, every balance at zero or more, and every unit of the budget accounted for", () => {
    fc.assert(
      fc.property(
        fc.array(stepArbitrary, { maxLength: 40 }),
        fc.integer({ min: 0, max: 50_000 }),
        fc.oneof(
          fc.integer({ min: 1, max: 10_000 }).map((bps) => share(bps)),
          fc.integer({ min: 1, max: 5_000 }).map((amount) => fixed(amount, { creatorWeeklyCap: 20_000 })),
        ),
        (steps, budget, rule) => {
          const model = run(steps, budget, rule);
          const total = [...model.balances.values()].reduce((sum, balance) => sum + balance, 0);
          expect(total).toBe(budget);
          for (const balance of model.balances.values()) expect(balance).toBeGreaterThanOrEqual(0);
          for (const creator of CREATORS) {
            const rows = [...model.commissions.values()].filter((row) => row.creator_id === creator);
            // Pending money is exactly the pending commissions.
            expect(model.balances.get(pendingId(creator)) ?? 0).toBe(
              rows.filter((row) => row.status === "pending").reduce((sum, row) => sum + row.amount, 0),
            );
            for (const row of rows) expect(row.debt_recovered).toBeLessThanOrEqual(row.debt);
          }
          // What the creators still owe plus what they hold and withdrew is what the live and reversed commissions paid.
          const owed = [...model.commissions.values()].reduce((sum, row) => sum + row.debt - row.debt_recovered, 0);
          const paidOut = [...model.commissions.values()]
            .filter((row) => row.status === "available")
            .reduce((sum, row) => sum + row.amount, 0);
          const held =
            CREATORS.reduce((sum, creator) => sum + (model.balances.get(availableId(creator)) ?? 0), 0) +
            (model.balances.get(OUTSIDE) ?? 0);
          expect(held).toBe(paidOut + owed);
        },
      ),
      { numRuns: 300 },
    );
  });
});
