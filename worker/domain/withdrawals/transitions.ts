import type { Capabilities } from "../../capabilities.ts";
import { markSpentRewardsPaidStatement } from "../../db/post-rewards.ts";
import {
  insertWithdrawalStatement,
  moveWithdrawalStatement,
  withdrawalStatusGuard,
  type NewWithdrawal,
  type WithdrawalMove,
} from "../../db/withdrawals.ts";
import { insertNotificationStatement, type NewNotification } from "../../db/notifications.ts";
import { creatorAvailableAccount, creatorPaidOutAccount, creatorWithdrawalHoldAccount } from "../ledger/accounts.ts";
import { journalEntryStatements, runLedgerBatch } from "../ledger/journal.ts";
import { mailNotificationIfWanted } from "../notifications/mail-delivery.ts";
import { withdrawalNotification, type WithdrawalEvent } from "../notifications/events.ts";
import { amountText } from "./present.ts";
import type { WithdrawalStatus } from "../../contracts/withdrawal-rules.ts";
import type { WithdrawalTracking } from "../../contracts/withdrawals.ts";
import type { Database } from "../../database.ts";

/**
 * Every move of a withdrawal's state machine as ONE atomic D1 batch (docs/decisions/015-withdrawals.md): the status
 * change, which names the status it expects; the ledger entry that goes with it, keyed by the withdrawal and guarded
 * by the status the change leads to; and the notification, guarded the same way and keyed by the withdrawal. A
 * change that loses a race (another request or scheduler run moved the withdrawal first) therefore writes nothing,
 * and a change applied twice moves money once.
 *
 *   request     insert `verifying`          + hold     available → held       (withdrawal-hold:{id})
 *   cancel      verifying → cancelled       + release  held → available       (withdrawal-release:{id})
 *   verify      verifying → pending
 *   settle      pending → completed         + payout   held → paid out        (withdrawal-payout:{id}) + posts paid
 *   settle      pending → failed            + release  held → available       (withdrawal-release:{id})
 */

/** What the withdrawal use cases reach: the database, the clock, and mail for the notifications creators asked for. */
export type WithdrawalDeps = Pick<Capabilities, "db" | "clock"> & Parameters<typeof mailNotificationIfWanted>[0];

/** The parts of a withdrawal a transition needs. */
export type WithdrawalRef = {
  id: string;
  userId: string;
  amount: number;
  currency: string;
  secondFactor: "authenticator" | "email";
};

/** Why a withdrawal was cancelled, in words (stored as its status reason and shown to the creator). */
export const cancelReasons = {
  creator: "You cancelled it",
  wrongCodes: "Five wrong codes were entered",
  expired: "No code was entered within 15 minutes",
} as const;

export type Transition = {
  statements: D1PreparedStatement[];
  notification: NewNotification;
};

function notify(
  db: Database,
  event: WithdrawalEvent,
  withdrawal: WithdrawalRef,
  now: number,
  status: WithdrawalStatus,
  reason?: string | null,
) {
  const notification = withdrawalNotification({ event, withdrawal, reason: reason ?? null, now });
  return {
    notification,
    statement: insertNotificationStatement(db, notification, withdrawalStatusGuard(withdrawal.id, [status])),
  };
}

function move(db: Database, withdrawal: WithdrawalRef, change: Omit<WithdrawalMove, "withdrawalId">) {
  return moveWithdrawalStatement(db, { withdrawalId: withdrawal.id, ...change });
}

/** Held money goes back to available: for a cancelled or failed withdrawal, once (keyed by the withdrawal). */
function releaseStatements(db: Database, withdrawal: WithdrawalRef, now: number): D1PreparedStatement[] {
  return journalEntryStatements(
    db,
    {
      idempotencyKey: `withdrawal-release:${withdrawal.id}`,
      kind: "withdrawal-release",
      memo: `Withdrawal ${withdrawal.id} released`,
      lines: [
        { account: creatorWithdrawalHoldAccount(withdrawal.userId, withdrawal.currency), amount: -withdrawal.amount },
        { account: creatorAvailableAccount(withdrawal.userId, withdrawal.currency), amount: withdrawal.amount },
      ],
      createdAt: now,
    },
    withdrawalStatusGuard(withdrawal.id, ["cancelled", "failed"]),
  );
}

/**
 * A new withdrawal and its hold: the row first, then the entry moving the amount from available to held, written
 * only if this very row exists (a repeat with the same Idempotency-Key inserts nothing, so it holds nothing). When
 * the available balance is short, the ledger's never-negative trigger aborts the whole batch: no row, no hold.
 */
export function requestTransition(db: Database, withdrawal: NewWithdrawal & { secondFactor: "authenticator" | "email" }): Transition {
  const created = notify(db, "verifying", withdrawal, withdrawal.createdAt, "verifying");
  return {
    statements: [
      insertWithdrawalStatement(db, withdrawal),
      ...journalEntryStatements(
        db,
        {
          idempotencyKey: `withdrawal-hold:${withdrawal.id}`,
          kind: "withdrawal-hold",
          memo: `Withdrawal ${withdrawal.id} of ${amountText(withdrawal.amount, withdrawal.currency)}`,
          lines: [
            { account: creatorAvailableAccount(withdrawal.userId, withdrawal.currency), amount: -withdrawal.amount },
            { account: creatorWithdrawalHoldAccount(withdrawal.userId, withdrawal.currency), amount: withdrawal.amount },
          ],
          createdAt: withdrawal.createdAt,
        },
        withdrawalStatusGuard(withdrawal.id, ["verifying"]),
      ),
      created.statement,
    ],
    notification: created.notification,
  };
}

/**
 * verifying → cancelled, and the hold released. `expiry: "expired"` only cancels once the 15 minutes are over;
 * `cancelledFrom` is the creator's cancelling call's `page_path` and `trigger`.
 */
export function cancelTransition(
  db: Database,
  withdrawal: WithdrawalRef,
  input: { reason: string; now: number; expiry?: "expired"; cancelledFrom?: WithdrawalTracking },
): Transition {
  const cancelled = notify(db, "cancelled", withdrawal, input.now, "cancelled", input.reason);
  return {
    statements: [
      move(db, withdrawal, {
        from: ["verifying"],
        to: "cancelled",
        now: input.now,
        reason: input.reason,
        ...(input.expiry ? { expiry: input.expiry } : {}),
        ...(input.cancelledFrom ? { cancelledFrom: input.cancelledFrom } : {}),
      }),
      ...releaseStatements(db, withdrawal, input.now),
      cancelled.statement,
    ],
    notification: cancelled.notification,
  };
}

/** verifying → pending, while the 15 minutes still run: the code was accepted; the payout rail is next. */
export function pendingTransition(db: Database, withdrawal: WithdrawalRef, now: number): Transition {
  const pending = notify(db, "pending", withdrawal, now, "pending");
  return {
    statements: [
      move(db, withdrawal, { from: ["verifying"], to: "pending", now, verifiedAt: now, expiry: "unexpired" }),
      pending.statement,
    ],
    notification: pending.notification,
  };
}

/**
 * pending → completed: the held amount leaves as paid out, and the posts whose rewards it spends become paid.
 */
export function completeTransition(
  db: Database,
  withdrawal: WithdrawalRef,
  input: { now: number; settledAt: number; railPayoutId: string },
): Transition {
  const completed = notify(db, "completed", withdrawal, input.now, "completed");
  const paidOut = creatorPaidOutAccount(withdrawal.userId, withdrawal.currency);
  const guard = withdrawalStatusGuard(withdrawal.id, ["completed"]);
  return {
    statements: [
      move(db, withdrawal, {
        from: ["pending"],
        to: "completed",
        now: input.now,
        settledAt: input.settledAt,
        railPayoutId: input.railPayoutId,
      }),
      ...journalEntryStatements(
        db,
        {
          idempotencyKey: `withdrawal-payout:${withdrawal.id}`,
          kind: "withdrawal-payout",
          memo: `Withdrawal ${withdrawal.id} paid (payout ${input.railPayoutId})`,
          lines: [
            { account: creatorWithdrawalHoldAccount(withdrawal.userId, withdrawal.currency), amount: -withdrawal.amount },
            { account: paidOut, amount: withdrawal.amount },
          ],
          createdAt: input.now,
        },
        guard,
      ),
      markSpentRewardsPaidStatement(db, {
        userId: withdrawal.userId,
        currency: withdrawal.currency,
        paidOutAccountId: paidOut.id,
        now: input.now,
        guard,
      }),
      completed.statement,
    ],
    notification: completed.notification,
  };
}

/** pending → failed: the payout rail could not pay; the hold is released. */
export function failTransition(
  db: Database,
  withdrawal: WithdrawalRef,
  input: { now: number; settledAt: number; railPayoutId: string | null; reason: string },
): Transition {
  const failed = notify(db, "failed", withdrawal, input.now, "failed", input.reason);
  return {
    statements: [
      move(db, withdrawal, {
        from: ["pending"],
        to: "failed",
        now: input.now,
        settledAt: input.settledAt,
        reason: input.reason,
        railPayoutId: input.railPayoutId,
      }),
      ...releaseStatements(db, withdrawal, input.now),
      failed.statement,
    ],
    notification: failed.notification,
  };
}

/**
 * Runs a transition's batch; true when this batch made the change (its first statement changed the row). Then,
 * outside the batch, the notification is mailed if the creator asked for that kind: best effort (a lost mail never
 * undoes a change; the notification is in the app either way).
 */
export async function applyTransition(deps: WithdrawalDeps, transition: Transition): Promise<boolean> {
  const results = await runLedgerBatch(deps.db, transition.statements);
  const changed = (results[0]?.meta.changes ?? 0) > 0;
  if (changed) await mailNotificationQuietly(deps, transition.notification);
  return changed;
}

export async function mailNotificationQuietly(deps: WithdrawalDeps, notification: NewNotification): Promise<void> {
  try {
    await mailNotificationIfWanted(deps, notification);
  } catch (error) {
    console.warn(`Withdrawals: the ${notification.eventType} e-mail to ${notification.userId} was not sent`, error);
  }
}
