import { AppError, notFound } from "../../contracts/errors.ts";
import type { WithdrawalRow } from "../../db/withdrawals.ts";

/** The refusals the withdrawal use cases share, worded for the creator. */

export function unknownWithdrawal(): AppError {
  return notFound("You have no withdrawal with this id.");
}

/** The withdrawal has left `verifying`: it can no longer be verified, resent or cancelled. */
export function noLongerVerifying(row: Pick<WithdrawalRow, "status" | "statusReason">, action: "verify" | "resend" | "cancel"): AppError {
  switch (row.status) {
    case "pending":
      return action === "cancel"
        ? new AppError(
            409,
            "withdrawal_with_payout_rail",
            "This withdrawal is already with the payout rail and can no longer be cancelled.",
          )
        : new AppError(409, "withdrawal_already_verified", "This withdrawal is already confirmed and on its way to your wallet.");
    case "completed":
      return new AppError(409, "withdrawal_completed", "This withdrawal is already completed: the money was paid to your wallet.");
    case "failed":
      return new AppError(
        409,
        "withdrawal_failed",
        `This withdrawal failed (${row.statusReason ?? "the payout rail could not pay it"}); the amount is back in your balance.`,
      );
    case "cancelled":
      return new AppError(
        409,
        "withdrawal_cancelled",
        `This withdrawal was cancelled (${row.statusReason ?? "cancelled"}); the amount is back in your balance. Start a new one to withdraw.`,
      );
    case "verifying":
      return new AppError(409, "withdrawal_verifying", "This withdrawal is still waiting for its code.");
  }
}

export function expiredWithdrawal(): AppError {
  return new AppError(
    410,
    "withdrawal_expired",
    "This withdrawal expired: no code was entered within 15 minutes. The amount is back in your balance; start a new withdrawal.",
  );
}

/**
 * An admin acting as a creator (admin spoofing) may look at their withdrawals but not move their money: requesting,
 * verifying, resending and cancelling are the creator's own.
 */
export function refuseWhenActingAsSomeoneElse(session: { userId: string; realUserId: string | null }): void {
  if (session.realUserId !== null && session.realUserId !== session.userId) {
    throw new AppError(
      403,
      "forbidden",
      "An admin acting as this creator cannot withdraw, confirm or cancel their money. The creator can do it themselves.",
    );
  }
}
