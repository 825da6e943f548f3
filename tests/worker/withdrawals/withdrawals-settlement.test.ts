import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import type { PayoutRail } from "../../../worker/clients/payout-rail.ts";
import { systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { AppError } from "../../../worker/contracts/errors.ts";
import { settleWithdrawals } from "../../../worker/domain/withdrawals/settlement.ts";
import { verifyWithdrawal } from "../../../worker/domain/withdrawals/verify.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { settlePayoutNow } from "../../support/payout-rail.ts";
import { expectBalancedLedger, schedulerDeps } from "../support/rewards.ts";
import {
  DEAD_WALLET_KEY,
  earnRewards,
  listWithdrawals,
  mailedCode,
  newCreator,
  postStatuses,
  requestWithdrawal,
  testCapabilities,
  usdcBalance,
  verifiedWallet,
  withdrawalEntries,
  withdrawalNotifications,
  withdrawalRow,
  creatorWithMoney,
  settledAtTheRail,
} from "../support/withdrawals.ts";

/*
 * Settlement and reconciliation by the scheduler's withdrawal step, with the app's clock moved by the test and the
 * real payout rail emulator (settled at once through its "Settle now" instead of waiting).
 */

const USDC = 1_000_000;

describe("withdrawal settlement", () => {
  it("completes paid withdrawals once: held → paid out, the posts whose rewards they spend become paid, oldest first", async () => {
    const creator = await newCreator("settle_ok");
    const wallet = await verifiedWallet(creator);
    // Three rewarded posts: 3, 4 (+1 from the bonus pool) and 2 USDC, in that order.
    const posts = await earnRewards(creator, [3 * USDC, 4 * USDC, 2 * USDC], USDC);
    expect(await postStatuses(posts)).toEqual(["rewarded", "rewarded", "rewarded"]);
    expect(await usdcBalance(creator)).toEqual({ available: 10 * USDC, held: 0, paidOut: 0 });

    const first = await settledAtTheRail(creator, wallet.id, 4 * USDC);
    const caps = testCapabilities();
    const report = await settleWithdrawals(caps);
    expect(report.completed).toBe(1);
    expect(await withdrawalRow(first.id)).toMatchObject({ status: "completed", rail_payout_id: first.payoutId });
    expect(await withdrawalEntries(first.id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await usdcBalance(creator)).toEqual({ available: 6 * USDC, held: 0, paidOut: 4 * USDC });
    // 4 USDC paid out covers the first reward (3) but not the first two (3 + 5).
    expect(await postStatuses(posts)).toEqual(["paid", "rewarded", "rewarded"]);
    expect(await withdrawalNotifications(first.id)).toEqual(["transaction-verifying", "transaction-pending", "transaction-completed"]);

    // Settling again, twice at once, changes nothing.
    const again = await Promise.all([settleWithdrawals(caps), settleWithdrawals(testCapabilities())]);
    expect(again.map((run) => run.completed)).toEqual([0, 0]);
    expect(await withdrawalEntries(first.id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);

    // 4 more: 8 paid out covers 3 + 5, so the bonus post is paid too.
    await settledAtTheRail(creator, wallet.id, 4 * USDC);
    await settleWithdrawals(caps);
    expect(await postStatuses(posts)).toEqual(["paid", "paid-bonus", "rewarded"]);
    await settledAtTheRail(creator, wallet.id, 2 * USDC);
    await settleWithdrawals(caps);
    expect(await postStatuses(posts)).toEqual(["paid", "paid-bonus", "paid"]);
    expect(await usdcBalance(creator)).toEqual({ available: 0, held: 0, paidOut: 10 * USDC });
    const history = await listWithdrawals(creator);
    expect(history.map((item) => item.status)).toEqual(["completed", "completed", "completed"]);
    expect(history.every((item) => item.settledAt !== null)).toBe(true);
    await expectBalancedLedger();
  });

  it("fails a payout the rail refuses and gives the money back; posts stay rewarded", async () => {
    const creator = await newCreator("settle_dead");
    const wallet = await verifiedWallet(creator, { key: DEAD_WALLET_KEY });
    expect(wallet.address.toLowerCase().endsWith("dead")).toBe(true);
    const posts = await earnRewards(creator, [5 * USDC]);
    const { id } = await settledAtTheRail(creator, wallet.id, 5 * USDC);
    expect(await usdcBalance(creator)).toEqual({ available: 0, held: 5 * USDC, paidOut: 0 });

    expect((await settleWithdrawals(testCapabilities())).failed).toBe(1);
    expect(await withdrawalRow(id)).toMatchObject({ status: "failed", status_reason: "the rail refused the destination address" });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
    expect(await withdrawalNotifications(id)).toEqual(["transaction-verifying", "transaction-pending", "transaction-failed"]);
    expect(await usdcBalance(creator)).toEqual({ available: 5 * USDC, held: 0, paidOut: 0 });
    expect(await postStatuses(posts)).toEqual(["rewarded"]);
    await expectBalancedLedger();
  });

  it("expires a withdrawal left verifying for 15 minutes: cancelled, hold released, once", async () => {
    const { creator, wallet } = await creatorWithMoney("settle_expiry", 3 * USDC);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 2 * USDC });
    const code = await mailedCode(creator);
    const clock = fixedClock(withdrawal.createdAt);

    clock.advance(15 * 60_000 - 1);
    expect((await settleWithdrawals(testCapabilities(clock))).expired).toBe(0);
    expect((await withdrawalRow(withdrawal.id))?.status).toBe("verifying");

    clock.advance(1);
    const [first, second] = await Promise.all([settleWithdrawals(testCapabilities(clock)), settleWithdrawals(testCapabilities(clock))]);
    expect(first.expired + second.expired).toBe(1);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({
      status: "cancelled",
      status_reason: "No code was entered within 15 minutes",
    });
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
    expect(await withdrawalNotifications(withdrawal.id)).toEqual(["transaction-verifying", "transaction-cancelled"]);
    expect(await usdcBalance(creator)).toEqual({ available: 3 * USDC, held: 0, paidOut: 0 });

    // The right code, too late.
    const late = verifyWithdrawal(testCapabilities(clock), creator.userId, withdrawal.id, code);
    await expect(late).rejects.toMatchObject({ status: 409, code: "withdrawal_cancelled" });
  });

  it("lets one of a verification and the expiry win when they meet at the last moment, moving money once", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { creator, wallet } = await creatorWithMoney("last_moment", 3 * USDC);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 2 * USDC });
    const code = await mailedCode(creator);
    const [verified, settled] = await Promise.allSettled([
      verifyWithdrawal(testCapabilities(fixedClock(withdrawal.expiresAt - 1)), creator.userId, withdrawal.id, code),
      settleWithdrawals(testCapabilities(fixedClock(withdrawal.expiresAt))),
    ]);
    warnings.mockRestore();
    expect(settled.status).toBe("fulfilled");
    const row = await withdrawalRow(withdrawal.id);
    if (row?.status === "cancelled") {
      expect(verified.status).toBe("rejected");
      expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold", "withdrawal-release"]);
      expect(await usdcBalance(creator)).toEqual({ available: 3 * USDC, held: 0, paidOut: 0 });
    } else {
      expect(row?.status).toBe("pending");
      expect(verified.status).toBe("fulfilled");
      expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold"]);
      expect(await usdcBalance(creator)).toEqual({ available: USDC, held: 2 * USDC, paidOut: 0 });
    }
    await expectBalancedLedger();
  });

  it("cancels an expired withdrawal when its code arrives before the scheduler did (410)", async () => {
    const { creator, wallet } = await creatorWithMoney("late_code", 3 * USDC);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 2 * USDC });
    const clock = fixedClock(withdrawal.expiresAt);
    const late = verifyWithdrawal(testCapabilities(clock), creator.userId, withdrawal.id, await mailedCode(creator));
    await expect(late).rejects.toBeInstanceOf(AppError);
    await expect(late).rejects.toMatchObject({ status: 410, code: "withdrawal_expired" });
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "cancelled" });
    expect(await usdcBalance(creator)).toEqual({ available: 3 * USDC, held: 0, paidOut: 0 });
  });
});

describe("reconciliation after a crash", () => {
  it("completes once, from scratch, a withdrawal handed to the rail before the worker died", async () => {
    const creator = await newCreator("crash_after");
    const wallet = await verifiedWallet(creator);
    const posts = await earnRewards(creator, [6 * USDC]);
    // The worker handed it over (verify), the rail paid, and the worker died before any settlement ran.
    const { id, payoutId } = await settledAtTheRail(creator, wallet.id, 6 * USDC);

    // A new worker, new capabilities, nothing in memory: two scheduler runs at once, then one more.
    const runs = await Promise.all([
      runScheduledWork({ ...schedulerDeps(systemClock), withdrawals: testCapabilities() }),
      runScheduledWork({ ...schedulerDeps(systemClock), withdrawals: testCapabilities() }),
    ]);
    expect(runs.flatMap((run) => run.failedSteps)).toEqual([]);
    expect(runs.reduce((sum, run) => sum + run.withdrawals.completed, 0)).toBe(1);
    await runScheduledWork({ ...schedulerDeps(systemClock), withdrawals: testCapabilities() });

    expect(await withdrawalRow(id)).toMatchObject({ status: "completed", rail_payout_id: payoutId });
    expect(await withdrawalEntries(id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await usdcBalance(creator)).toEqual({ available: 0, held: 0, paidOut: 6 * USDC });
    expect(await postStatuses(posts)).toEqual(["paid"]);
    expect((await testCapabilities().payoutRail.findPayout(id))?.id).toBe(payoutId);
    await expectBalancedLedger();
  });

  it("finds the payout by withdrawal id when the rail's answer was lost, and never pays twice", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { creator, wallet } = await creatorWithMoney("lost_answer", 8 * USDC);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 8 * USDC });
    const caps = testCapabilities();
    // The rail made the payout, but the worker never heard back (it died, or the connection dropped).
    const lossyRail: PayoutRail = {
      createPayout: async (request) => {
        await caps.payoutRail.createPayout(request);
        throw new Error("connection reset");
      },
      findPayout: (withdrawalId) => caps.payoutRail.findPayout(withdrawalId),
    };
    const verified = await verifyWithdrawal({ ...caps, payoutRail: lossyRail }, creator.userId, withdrawal.id, await mailedCode(creator));
    expect(verified.status).toBe("pending");
    expect(warnings.mock.calls.map((args) => String(args[0]))).toEqual([
      `Withdrawals: ${withdrawal.id} could not be handed to the payout rail now; the scheduler hands it over`,
    ]);
    warnings.mockRestore();
    expect((await withdrawalRow(withdrawal.id))?.rail_payout_id).toBeNull();
    const payout = await caps.payoutRail.findPayout(withdrawal.id);
    if (payout === null) throw new Error("the rail has no payout");
    await settlePayoutNow(env.PAYOUT_API_URL, payout.id);

    const report = await settleWithdrawals(testCapabilities());
    expect(report).toMatchObject({ handedOver: 0 });
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "completed", rail_payout_id: payout.id });
    expect(await withdrawalEntries(withdrawal.id)).toEqual(["withdrawal-hold", "withdrawal-payout"]);
    expect(await usdcBalance(creator)).toEqual({ available: 0, held: 0, paidOut: 8 * USDC });
  });

  it("hands a withdrawal over when the rail could not be reached at verification", async () => {
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { creator, wallet } = await creatorWithMoney("rail_down", 2 * USDC);
    const withdrawal = await requestWithdrawal(creator, { walletId: wallet.id, amount: 2 * USDC });
    const caps = testCapabilities();
    const downRail: PayoutRail = {
      createPayout: () => Promise.reject(new Error("the payout rail could not be reached")),
      findPayout: () => Promise.reject(new Error("the payout rail could not be reached")),
    };
    expect(
      (await verifyWithdrawal({ ...caps, payoutRail: downRail }, creator.userId, withdrawal.id, await mailedCode(creator))).status,
    ).toBe("pending");
    expect(await caps.payoutRail.findPayout(withdrawal.id)).toBeNull();
    // Still down at the next run: it stays pending, money held.
    expect((await settleWithdrawals({ ...caps, payoutRail: downRail })).railErrors).toBeGreaterThan(0);
    expect((await withdrawalRow(withdrawal.id))?.status).toBe("pending");
    expect(warnings.mock.calls.map((args) => String(args[0]))).toContain(
      `Withdrawals: ${withdrawal.id} could not be reconciled with the payout rail; the next run tries again`,
    );
    warnings.mockRestore();

    const handed = await settleWithdrawals(caps);
    expect(handed.handedOver).toBeGreaterThanOrEqual(1);
    const payoutId = (await withdrawalRow(withdrawal.id))?.rail_payout_id;
    expect(payoutId).toMatch(/^po_/);
    await settlePayoutNow(env.PAYOUT_API_URL, payoutId ?? "");
    await settleWithdrawals(caps);
    expect(await withdrawalRow(withdrawal.id)).toMatchObject({ status: "completed" });
    expect(await usdcBalance(creator)).toEqual({ available: 0, held: 0, paidOut: 2 * USDC });
    await expectBalancedLedger();
  });
});
