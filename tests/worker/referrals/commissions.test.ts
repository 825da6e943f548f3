import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { commissionSettingsSchema, creatorCommissionsSchema, type CommissionSettingsInput } from "../../../worker/contracts/commissions.ts";
import { ingestResultSchema } from "../../../worker/contracts/conversions.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { upsertAttributionStatement } from "../../../worker/db/attribution.ts";
import { insertWallet } from "../../../worker/db/wallets.ts";
import {
  releaseDueCommissions as releaseApproved,
  recoverCommissionDebts,
  takeInConversions,
} from "../../../worker/domain/commissions/scheduled.ts";
import { approveDueReviews, scoreNewCommissions } from "../../../worker/domain/risk/scheduled.ts";
import type { Clock } from "../../../worker/clock.ts";
import { creatorAvailableAccount, creatorWithdrawalHoldAccount } from "../../../worker/domain/ledger/accounts.ts";
import { depositAdvertiserFunds } from "../../../worker/domain/ledger/funding.ts";
import { postJournalEntry } from "../../../worker/domain/ledger/journal.ts";
import { DAY } from "../../../worker/clock.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import {
  commissionWorld,
  commissionsPath,
  fundCommissionBudget,
  fundCommissions,
  nextId,
  saveCommissionSettings,
  USDC,
  type CommissionWorld,
} from "../support/commissions.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { balanceOf, expectBalancedLedger } from "../support/rewards.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * Commissions (issue 28 item 3, docs/decisions/045-commissions.md): rules per campaign and event type, a budget funded
 * through the ledger, pending commissions made by the scheduler's intake from attributed conversions, released when
 * the validation window ends, reversed by refunds and chargebacks. The worker's requests run on the real clock; the
 * scheduler's steps take the test's clock, moved past the window instead of waited for.
 */

const now = Date.now();

/** Risk review (docs/decisions/047) holds nothing here and approves at once; tests/worker/referrals/risk-review.test.ts covers it. */
const world = () => commissionWorld({ prefix: "com", review: { threshold: 100, windowHours: 0 } });

/** The scheduler's order: new commissions are scored (and, with a review window of 0, approved), then released. */
async function releaseDueCommissions(db: D1Database, clock: Clock): Promise<number> {
  await scoreNewCommissions({ db, clock });
  await approveDueReviews({ db, clock });
  return releaseApproved(db, clock);
}

async function fundedWorld(settings: CommissionSettingsInput, budget: number): Promise<CommissionWorld> {
  const w = await world();
  await fundCommissions(w, settings, budget);
  return w;
}

const wallet = `0x${"cd".repeat(20)}`;
const purchase = (w: CommissionWorld, eventId: string, value: number, fields: Record<string, unknown> = {}) => ({
  eventId,
  type: "purchase",
  walletAddress: wallet,
  chain: "evm",
  value,
  currency: "USDC",
  occurredAt: now,
  clickId: w.clickId,
  ...fields,
});

async function ingest(w: CommissionWorld, events: unknown[]) {
  const response = await fetchWorker("/v1/conversion/event/ingest", {
    method: "POST",
    headers: { "Content-Type": "application/json", "api-key": w.key.keyId, "api-secret": w.key.secret },
    body: JSON.stringify({ events }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return ingestResultSchema.parse(await response.json());
}

async function commissionsOf(w: CommissionWorld) {
  const response = await fetchWorker("/v1/commissions", { headers: { Authorization: w.creatorBearer } });
  expect(response.status).toBe(200);
  return creatorCommissionsSchema.parse(await response.json()).commissions;
}

async function settingsOf(w: CommissionWorld) {
  const response = await fetchWorker(commissionsPath(w), { headers: { Authorization: w.memberBearer } });
  expect(response.status).toBe(200);
  return commissionSettingsSchema.parse(await response.json());
}

const usdcBalanceOf = async (w: CommissionWorld) =>
  (await balanceOf(w.creatorBearer.replace("Bearer ", ""))).balances.find((b) => b.currency === "USDC");

const tenPercentOfPurchases: CommissionSettingsInput = {
  validationDays: 3,
  rules: [{ eventType: "purchase", kind: "share", shareBps: 1_000 }],
};

describe("commission settings", () => {
  let w: CommissionWorld;
  beforeAll(async () => {
    w = await world();
  });

  it("start with no rules and a window of 0 days, and are saved whole", async () => {
    expect(await settingsOf(w)).toEqual({
      campaignId: w.campaignId,
      currency: "USDC",
      decimals: 6,
      validationDays: 0,
      rules: [],
      budget: 0,
      budgetShortCount: 0,
      budgetShortAt: null,
    });
    const saved = await saveCommissionSettings(w, {
      validationDays: 3,
      rules: [
        { eventType: "purchase", kind: "share", shareBps: 1_000, minValue: 10 * USDC, creatorWeeklyCap: 50 * USDC },
        { eventType: "signup", kind: "fixed", fixedAmount: 2 * USDC, campaignCap: 100 * USDC },
      ],
    });
    expect(saved.status).toBe(200);
    expect(commissionSettingsSchema.parse(await saved.json()).rules).toEqual([
      {
        eventType: "purchase",
        kind: "share",
        fixedAmount: null,
        shareBps: 1_000,
        minValue: 10_000_000,
        creatorWeeklyCap: 50_000_000,
        campaignCap: null,
      },
      {
        eventType: "signup",
        kind: "fixed",
        fixedAmount: 2_000_000,
        shareBps: null,
        minValue: null,
        creatorWeeklyCap: null,
        campaignCap: 100_000_000,
      },
    ]);
    expect((await settingsOf(w)).validationDays).toBe(3);
  });

  it("refuse a bad body with a 400 naming each field", async () => {
    const response = await saveCommissionSettings(w, {
      validationDays: 91,
      rules: [
        { eventType: "purchase", kind: "share" },
        { eventType: "refund", kind: "fixed", fixedAmount: 1 },
        { eventType: "signup", kind: "fixed", fixedAmount: 1.5 },
      ],
    });
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(body.detail?.map((item) => item.loc)).toEqual([
      ["body", "validationDays"],
      ["body", "rules", 0, "shareBps"],
      ["body", "rules", 1, "eventType"],
      ["body", "rules", 2, "fixedAmount"],
    ]);
  });

  it("have their card on the campaign's page in the console", async () => {
    const page = await fetchPage(`/advertiser/${w.advertiserId}/campaigns/${w.campaignId}`, await sessionCookieFor(w.memberId));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(">Referral links<");
    expect(html).toContain(">Commissions<");
  });

  it("are the account's own: anyone else gets 404", async () => {
    const stranger = buildUser(nextId("com_stranger_"), now);
    await env.DB.batch(insertUserStatements(env.DB, stranger, ["creator"]));
    const response = await fetchWorker(commissionsPath(w), { headers: { Authorization: await bearerFor(stranger.id) } });
    expect(response.status).toBe(404);
  });

  it("fund the budget from the account's funds, once per Idempotency-Key, and say what is missing when short", async () => {
    const short = await fundCommissionBudget(w, 5 * USDC);
    expect(short.status).toBe(409);
    expect(errorBodySchema.parse(await short.json())).toMatchObject({ code: "insufficient_funds", detail: [{ loc: ["body", "amount"] }] });
    await depositAdvertiserFunds(env.DB, fixedClock(now), {
      advertiserId: w.advertiserId,
      currency: "USDC",
      amount: 8 * USDC,
      idempotencyKey: nextId("d-"),
    });
    expect((await fundCommissionBudget(w, 5 * USDC, "budget-once")).status).toBe(200);
    const again = await fundCommissionBudget(w, 5 * USDC, "budget-once");
    expect(commissionSettingsSchema.parse(await again.json()).budget).toBe(5_000_000);
    const noKey = await fetchWorker(`${commissionsPath(w)}/budget`, {
      method: "POST",
      headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
      body: JSON.stringify({ amount: 1 }),
    });
    expect(noKey.status).toBe(400);
    expect(errorBodySchema.parse(await noKey.json()).detail?.[0]?.loc).toEqual(["header", "Idempotency-Key"]);
    await expectBalancedLedger();
  });
});

describe("a purchase through a creator's link", () => {
  let w: CommissionWorld;
  beforeAll(async () => {
    w = await fundedWorld(tenPercentOfPurchases, 100 * USDC);
  });

  it("becomes a pending commission of 10 % until the window ends, then available to withdraw", async () => {
    const before = Date.now();
    const result = await ingest(w, [purchase(w, "sale-1", 50 * USDC)]);
    expect(result.results[0]?.attribution).toMatchObject({ via: "click", creatorId: w.creatorId });
    const after = Date.now();

    const intake = await takeInConversions(env.DB, fixedClock(after));
    expect(intake.outcomes).toEqual([
      { eventId: "sale-1", outcome: "commission", commissionId: expect.stringMatching(/^com_/), amount: 5_000_000 },
    ]);
    const [pending] = await commissionsOf(w);
    expect(pending).toMatchObject({
      status: "pending",
      amount: 5_000_000,
      currency: "USDC",
      campaignId: w.campaignId,
      eventType: "purchase",
    });
    expect(pending?.availableAt).toBeGreaterThanOrEqual(before + 3 * DAY);
    expect(pending?.availableAt).toBeLessThanOrEqual(after + 3 * DAY);
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 0, pending: 5_000_000, earned: 0 });
    expect((await settingsOf(w)).budget).toBe(95_000_000);

    // A day before the window ends nothing moves; after it, the commission is the creator's.
    expect(await releaseDueCommissions(env.DB, fixedClock(before + 2 * DAY))).toBe(0);
    expect(await releaseDueCommissions(env.DB, fixedClock(after + 3 * DAY))).toBe(1);
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "available", amount: 5_000_000 });
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 5_000_000, pending: 0, earned: 5_000_000 });
    expect(await releaseDueCommissions(env.DB, fixedClock(after + 4 * DAY))).toBe(0);
    await expectBalancedLedger();
  });

  it("is looked at once: a second intake finds nothing due", async () => {
    expect((await takeInConversions(env.DB, fixedClock(Date.now()))).report.lookedAt).toBe(0);
  });
});

describe("a purchase credited by a verified wallet", () => {
  it("earns its commission too (the wallet match marks it for the intake)", async () => {
    const w = await fundedWorld({ validationDays: 0, rules: [{ eventType: "purchase", kind: "fixed", fixedAmount: 2 * USDC }] }, 10 * USDC);
    const address = `0x${"ef".repeat(20)}`;
    await env.DB.batch([upsertAttributionStatement(env.DB, w.creatorId, { utm_campaign: w.campaignId }, now)]);
    await insertWallet(env.DB, {
      id: nextId("com-wallet-"),
      userId: w.creatorId,
      type: "evm",
      address,
      addressKey: address,
      currency: "USDC",
      createdAt: now,
    });
    await env.DB.prepare(`UPDATE wallets SET verified_at = ? WHERE user_id = ?`).bind(now, w.creatorId).run();
    const result = await ingest(w, [purchase(w, "wallet-sale", 1, { clickId: undefined, walletAddress: address })]);
    expect(result.results[0]?.attribution).toMatchObject({ via: "wallet", campaignId: w.campaignId, creatorId: w.creatorId });
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([
      { eventId: "wallet-sale", outcome: "commission", commissionId: expect.any(String), amount: 2_000_000 },
    ]);
  });
});

describe("the rules' limits", () => {
  it("a minimum value: an event below it earns nothing, and says why", async () => {
    const w = await fundedWorld(
      { validationDays: 0, rules: [{ eventType: "purchase", kind: "share", shareBps: 500, minValue: 20 * USDC }] },
      100 * USDC,
    );
    await ingest(w, [purchase(w, "min-low", 19_999_999), purchase(w, "min-ok", 20 * USDC)]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([
      { eventId: "min-low", outcome: "none", reason: "its value is below the rule's minimum" },
      { eventId: "min-ok", outcome: "commission", commissionId: expect.any(String), amount: 1_000_000 },
    ]);
  });

  it("a creator's weekly cap: the commission that reaches it is cut to fit, the next earns nothing", async () => {
    const w = await fundedWorld(
      { validationDays: 0, rules: [{ eventType: "signup", kind: "fixed", fixedAmount: 1 * USDC, creatorWeeklyCap: 2_500_000 }] },
      100 * USDC,
    );
    const signup = (id: string) => ({ ...purchase(w, id, 0), type: "signup", value: undefined, currency: undefined });
    await ingest(w, [signup("cap-1"), signup("cap-2"), signup("cap-3"), signup("cap-4")]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(
      intake.outcomes.map((outcome) =>
        outcome.outcome === "commission" ? outcome.amount : outcome.outcome === "none" ? outcome.reason : outcome.outcome,
      ),
    ).toEqual([1_000_000, 1_000_000, 500_000, "its campaign's cap for this creator's week, or for the campaign, is reached"]);
    // The cap holds across intakes too.
    await ingest(w, [signup("cap-5")]);
    expect((await takeInConversions(env.DB, fixedClock(Date.now()))).report.made).toBe(0);
  });

  it("a campaign cap: counted over every creator of the campaign", async () => {
    const w = await fundedWorld(
      { validationDays: 0, rules: [{ eventType: "purchase", kind: "fixed", fixedAmount: 3 * USDC, campaignCap: 7 * USDC }] },
      100 * USDC,
    );
    await ingest(w, [purchase(w, "camp-1", 1), purchase(w, "camp-2", 1), purchase(w, "camp-3", 1), purchase(w, "camp-4", 1)]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes.map((outcome) => (outcome.outcome === "commission" ? outcome.amount : "none"))).toEqual([
      3_000_000,
      3_000_000,
      1_000_000,
      "none",
    ]);
  });

  it("a spent budget: the conversion is still recorded, no commission is made, and the console says so", async () => {
    const w = await fundedWorld({ validationDays: 0, rules: [{ eventType: "purchase", kind: "fixed", fixedAmount: 1 * USDC }] }, 1_500_000);
    const result = await ingest(w, [purchase(w, "budget-1", 1), purchase(w, "budget-2", 1)]);
    expect(result.accepted).toBe(2);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([
      { eventId: "budget-1", outcome: "commission", commissionId: expect.any(String), amount: 1_000_000 },
      { eventId: "budget-2", outcome: "none", reason: "the campaign's commission budget is spent" },
    ]);
    expect(await settingsOf(w)).toMatchObject({ budget: 500_000, budgetShortCount: 1 });
    // Funding again starts the notice over.
    await depositAdvertiserFunds(env.DB, fixedClock(now), {
      advertiserId: w.advertiserId,
      currency: "USDC",
      amount: USDC,
      idempotencyKey: nextId("d-"),
    });
    expect((await fundCommissionBudget(w, USDC)).status).toBe(200);
    expect(await settingsOf(w)).toMatchObject({ budget: 1_500_000, budgetShortCount: 0, budgetShortAt: null });
    await expectBalancedLedger();
  });
});

describe("reversals", () => {
  it("a refund of a pending commission cancels it and gives the budget back", async () => {
    const w = await fundedWorld(tenPercentOfPurchases, 100 * USDC);
    await ingest(w, [purchase(w, "ref-sale", 30 * USDC)]);
    await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(await usdcBalanceOf(w)).toMatchObject({ pending: 3_000_000 });
    expect((await settingsOf(w)).budget).toBe(97_000_000);

    await ingest(w, [{ ...purchase(w, "ref-refund", 30 * USDC), type: "refund", reversesEventId: "ref-sale" }]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([{ eventId: "ref-refund", outcome: "reversed", commissionId: expect.any(String), debt: 0 }]);
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "reversed", amount: 3_000_000, debt: 0 });
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 0, pending: 0 });
    expect((await settingsOf(w)).budget).toBe(100_000_000);
    // Nothing is left to release (other tests' commissions may be).
    await releaseDueCommissions(env.DB, fixedClock(Date.now() + 4 * DAY));
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "reversed" });
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 0, pending: 0 });
    await expectBalancedLedger();
  });

  it("a chargeback of an available commission the creator has moved on becomes a debt, repaid from their next earnings", async () => {
    const w = await fundedWorld(
      { validationDays: 0, rules: [{ eventType: "purchase", kind: "fixed", fixedAmount: 4 * USDC }] },
      100 * USDC,
    );
    await ingest(w, [purchase(w, "cb-sale", 1)]);
    await takeInConversions(env.DB, fixedClock(Date.now()));
    await releaseDueCommissions(env.DB, fixedClock(Date.now() + 1));
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "available", amount: 4_000_000 });
    // The creator asks to withdraw 3 of the 4 USDC: held, no longer available (what a withdrawal request posts).
    await postJournalEntry(env.DB, {
      idempotencyKey: nextId("test-withdrawal-hold-"),
      kind: "withdrawal-hold",
      memo: "withdrawal in flight",
      lines: [
        { account: creatorAvailableAccount(w.creatorId, "USDC"), amount: -3 * USDC },
        { account: creatorWithdrawalHoldAccount(w.creatorId, "USDC"), amount: 3 * USDC },
      ],
      createdAt: Date.now(),
    });
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 1_000_000, held: 3_000_000 });

    await ingest(w, [{ ...purchase(w, "cb-chargeback", 1), type: "chargeback", reversesEventId: "cb-sale" }]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([{ eventId: "cb-chargeback", outcome: "reversed", commissionId: expect.any(String), debt: 3_000_000 }]);
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 0, held: 3_000_000 });
    expect((await settingsOf(w)).budget).toBe(97_000_000);
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "reversed", debt: 3_000_000, debtRecovered: 0 });

    // Nothing to repay from yet.
    expect(await recoverCommissionDebts(env.DB, fixedClock(Date.now()))).toBe(0);

    // The next earnings: a 4 USDC commission. 3 of it repay the debt, 1 stays available.
    await ingest(w, [purchase(w, "cb-next", 1)]);
    await takeInConversions(env.DB, fixedClock(Date.now()));
    await releaseDueCommissions(env.DB, fixedClock(Date.now() + 1));
    expect(await recoverCommissionDebts(env.DB, fixedClock(Date.now()))).toBe(3_000_000);
    expect(await usdcBalanceOf(w)).toMatchObject({ available: 1_000_000, held: 3_000_000 });
    const [latest, reversed] = await commissionsOf(w);
    expect(latest).toMatchObject({ status: "available", amount: 4_000_000 });
    expect(reversed).toMatchObject({ status: "reversed", debt: 3_000_000, debtRecovered: 3_000_000 });
    // The budget got the whole chargeback back: 100 − 4 − 4 + 1 (at once) + 3 (repaid).
    expect((await settingsOf(w)).budget).toBe(96_000_000);
    expect(await recoverCommissionDebts(env.DB, fixedClock(Date.now()))).toBe(0);
    await expectBalancedLedger();
  });

  it("a refund that names an event without a commission changes nothing, and says why", async () => {
    const w = await fundedWorld(tenPercentOfPurchases, 10 * USDC);
    await ingest(w, [{ ...purchase(w, "orphan-refund", 1), type: "refund", reversesEventId: "never-sent" }]);
    const intake = await takeInConversions(env.DB, fixedClock(Date.now()));
    expect(intake.outcomes).toEqual([{ eventId: "orphan-refund", outcome: "none", reason: "the event it names earned no commission" }]);
  });

  it("a refund without the event it undoes is refused with a 400 naming reversesEventId", async () => {
    const w = await world();
    const response = await fetchWorker("/v1/conversion/event/ingest", {
      method: "POST",
      headers: { "Content-Type": "application/json", "api-key": w.key.keyId, "api-secret": w.key.secret },
      body: JSON.stringify({ ...purchase(w, "bad-refund", 1), type: "refund" }),
    });
    expect(response.status).toBe(400);
    expect(errorBodySchema.parse(await response.json()).detail?.map((item) => item.loc)).toEqual([["body", "reversesEventId"]]);
  });
});
