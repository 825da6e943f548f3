import type { Capabilities } from "../../capabilities.ts";
import type { Payout } from "../../clients/payout-rail.ts";
import { PayoutRailError } from "../../clients/rail-api.ts";
import {
  listExpiredVerifying,
  listPendingWithdrawals,
  recordRailPayout,
  touchPendingWithdrawal,
  type WithdrawalRow,
} from "../../db/withdrawals.ts";
import {
  applyTransition,
  cancelReasons,
  cancelTransition,
  completeTransition,
  failTransition,
  type WithdrawalDeps,
} from "./transitions.ts";

/**
 * The scheduler's withdrawal step (docs/decisions/015-withdrawals.md), run every minute:
 *
 * 1. Withdrawals still `verifying` after their 15 minutes are cancelled and their holds released.
 * 2. Every `pending` withdrawal is reconciled with the payout rail BY WITHDRAWAL ID: the rail is asked for the payout
 *    of that withdrawal (`findPayout`); if it has none, the withdrawal is handed over (`createPayout`, idempotent by
 *    withdrawal id, so a repeat never pays twice). A `completed` payout completes the withdrawal (held → paid out,
 *    posts paid), a `failed` one fails it (hold released), each in one batch guarded by `pending`.
 *
 * Nothing here remembers anything between runs but the rows and the rail: a worker that dies after handing a
 * withdrawal over and before completing it leaves it `pending`, and the next run finds the payout by withdrawal id
 * and completes it once (the status guard and the ledger key make a second completion a no-op). Runs may overlap:
 * every change is conditional, every movement keyed.
 */
export type SettlementDeps = WithdrawalDeps & Pick<Capabilities, "payoutRail">;

export type SettlementLimits = {
  /** Expired verifications cancelled per run. */
  expiriesPerRun: number;
  /** Pending withdrawals reconciled per run (each costs one or two calls to the rail). */
  pendingPerRun: number;
};

export const defaultSettlementLimits: SettlementLimits = { expiriesPerRun: 100, pendingPerRun: 20 };

export type SettlementReport = {
  expired: number;
  handedOver: number;
  completed: number;
  failed: number;
  stillPending: number;
  /** Withdrawals the rail could not be asked about this run (tried again next run). */
  railErrors: number;
};

export const emptySettlementReport: SettlementReport = {
  expired: 0,
  handedOver: 0,
  completed: 0,
  failed: 0,
  stillPending: 0,
  railErrors: 0,
};

/** Hands a pending withdrawal to the rail; the rail answers the same payout for the same withdrawal id, always. */
export function handOver(deps: Pick<Capabilities, "payoutRail">, row: WithdrawalRow): Promise<Payout> {
  return deps.payoutRail.createPayout({
    withdrawalId: row.id,
    amount: row.amount,
    currency: row.currency,
    network: row.walletType,
    address: row.walletAddress,
  });
}

/**
 * The rail refused the payout request itself because of its destination (a 400 `parameter_invalid`): it made no
 * payout (it validates before it looks for an existing one, and the request of a withdrawal never changes), and
 * asking again cannot help. Anything else — no answer, a 5xx, a bad key — is worth trying again later.
 */
function refusedDestination(error: unknown): string | null {
  if (error instanceof PayoutRailError && error.status === 400 && error.code === "parameter_invalid") {
    return "The payout rail refused the wallet address";
  }
  return null;
}

/**
 * Hands the withdrawal over and applies what the rail answers (a payout may already be settled, e.g. a repeat
 * after a crash). A refused destination fails the withdrawal and releases the hold; other errors are thrown, and the
 * withdrawal stays pending for the next try.
 */
export async function handOverAndApply(deps: SettlementDeps, row: WithdrawalRow): ReturnType<typeof applyPayout> {
  let payout: Payout;
  try {
    payout = await handOver(deps, row);
  } catch (error) {
    const reason = refusedDestination(error);
    if (reason === null) throw error;
    const now = deps.clock.now();
    const failed = await applyTransition(deps, failTransition(deps.db, row, { now, settledAt: now, railPayoutId: null, reason }));
    return failed ? "failed" : "unchanged";
  }
  return applyPayout(deps, row, payout);
}

/** What a payout's state means for a pending withdrawal, applied once. */
export async function applyPayout(
  deps: WithdrawalDeps,
  row: WithdrawalRow,
  payout: Payout,
): Promise<"completed" | "failed" | "pending" | "unchanged"> {
  const now = deps.clock.now();
  if (payout.status === "pending") {
    if (row.railPayoutId === null) await recordRailPayout(deps.db, row.id, payout.id, now);
    else await touchPendingWithdrawal(deps.db, row.id, now);
    return "pending";
  }
  const settledAt = payout.settledAt ?? now;
  if (payout.status === "completed") {
    const changed = await applyTransition(deps, completeTransition(deps.db, row, { now, settledAt, railPayoutId: payout.id }));
    return changed ? "completed" : "unchanged";
  }
  const reason = payout.failureReason ?? "The payout rail could not pay this wallet";
  const changed = await applyTransition(deps, failTransition(deps.db, row, { now, settledAt, railPayoutId: payout.id, reason }));
  return changed ? "failed" : "unchanged";
}

/** Cancels withdrawals whose 15 minutes ran out without a code, and releases their holds. */
export async function expireStaleWithdrawals(deps: WithdrawalDeps, limit = defaultSettlementLimits.expiriesPerRun): Promise<number> {
  let expired = 0;
  for (const row of await listExpiredVerifying(deps.db, deps.clock.now(), limit)) {
    const transition = cancelTransition(deps.db, row, { reason: cancelReasons.expired, now: deps.clock.now(), expiry: "expired" });
    if (await applyTransition(deps, transition)) expired += 1;
  }
  return expired;
}

/** Reconciles one pending withdrawal with the rail: hand it over if the rail has no payout for it, then apply the payout. */
export async function reconcileWithdrawal(deps: SettlementDeps, row: WithdrawalRow): Promise<{ handedOver: boolean; outcome: string }> {
  const payout = await deps.payoutRail.findPayout(row.id);
  if (payout === null) return { handedOver: true, outcome: await handOverAndApply(deps, row) };
  return { handedOver: false, outcome: await applyPayout(deps, row, payout) };
}

export async function settleWithdrawals(
  deps: SettlementDeps,
  limits: SettlementLimits = defaultSettlementLimits,
): Promise<SettlementReport> {
  const report: SettlementReport = { ...emptySettlementReport };
  report.expired = await expireStaleWithdrawals(deps, limits.expiriesPerRun);
  for (const row of await listPendingWithdrawals(deps.db, limits.pendingPerRun)) {
    try {
      const { handedOver, outcome } = await reconcileWithdrawal(deps, row);
      if (handedOver) report.handedOver += 1;
      if (outcome === "completed") report.completed += 1;
      else if (outcome === "failed") report.failed += 1;
      else if (outcome === "pending") report.stillPending += 1;
    } catch (error) {
      report.railErrors += 1;
      console.warn(`Withdrawals: ${row.id} could not be reconciled with the payout rail; the next run tries again`, error);
      // To the back of the queue, so one withdrawal the rail keeps refusing does not hold up the others.
      await touchPendingWithdrawal(deps.db, row.id, deps.clock.now()).catch(() => undefined);
    }
  }
  return report;
}
