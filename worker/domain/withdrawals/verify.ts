import { AppError } from "../../contracts/errors.ts";
import { TWO_FACTOR_LOCK_MS } from "../../contracts/settings.ts";
import { WITHDRAWAL_MAX_WRONG_CODES, type Withdrawal, type WithdrawalTracking } from "../../contracts/withdrawals.ts";
import { findAccount } from "../../db/users.ts";
import { findWithdrawal, recordWrongCode, type WithdrawalRow } from "../../db/withdrawals.ts";
import { checkCode } from "../accounts/one-time-codes.ts";
import { checkTwoFactorCode, twoFactorLockedError } from "../accounts/two-factor.ts";
import { mailWithdrawalCode, type CodeMailDeps } from "./codes.ts";
import { expiredWithdrawal, noLongerVerifying, unknownWithdrawal } from "./errors.ts";
import { presentWithdrawal } from "./present.ts";
import { handOverAndApply, type SettlementDeps } from "./settlement.ts";
import { applyTransition, cancelReasons, cancelTransition, pendingTransition, type WithdrawalDeps } from "./transitions.ts";

/**
 * The second step of a withdrawal: the code (`POST /v1/withdrawal/{id}/verify`), a new mailed code
 * (`…/verify/resend`) and cancelling (`DELETE /v1/withdrawal/{id}`). A withdrawal takes codes while `verifying`
 * and unexpired; the fifth wrong code cancels it and releases the hold, as do the creator and the 15 minutes.
 */
export type VerifyDeps = SettlementDeps & CodeMailDeps & Parameters<typeof checkCode>[0] & Parameters<typeof checkTwoFactorCode>[0];

/** The withdrawal, or a 404 for an unknown id or someone else's. */
async function ownWithdrawal(deps: WithdrawalDeps, userId: string, withdrawalId: string): Promise<WithdrawalRow> {
  const row = await findWithdrawal(deps.db, userId, withdrawalId);
  if (row === null) throw unknownWithdrawal();
  return row;
}

/**
 * A withdrawal that can still take a code: verifying and unexpired. An expired one is cancelled on the spot (the
 * scheduler would do it within the minute) and answered 410.
 */
async function verifyingWithdrawal(deps: WithdrawalDeps, row: WithdrawalRow, action: "verify" | "resend"): Promise<WithdrawalRow> {
  if (row.status !== "verifying") throw noLongerVerifying(row, action);
  if (row.expiresAt <= deps.clock.now()) {
    await applyTransition(
      deps,
      cancelTransition(deps.db, row, { reason: cancelReasons.expired, now: deps.clock.now(), expiry: "expired" }),
    );
    throw expiredWithdrawal();
  }
  return row;
}

/** After a change lost a race, the reason in words, from the row as it is now. */
async function raceLoser(deps: WithdrawalDeps, row: WithdrawalRow, action: "verify" | "resend" | "cancel"): Promise<AppError> {
  const now = await findWithdrawal(deps.db, row.userId, row.id);
  if (now === null) return unknownWithdrawal();
  if (now.status === "verifying" && now.expiresAt <= deps.clock.now()) return expiredWithdrawal();
  return noLongerVerifying(now, action);
}

type CodeVerdict =
  | { kind: "accepted" }
  /** A wrong code; `lockedUntil` when it also locked the user's authenticator checks. */
  | { kind: "wrong"; lockedUntil?: number }
  /** The mailed code took its fifth wrong attempt before: the withdrawal cannot be verified any more. */
  | { kind: "exhausted" }
  | { kind: "refused"; error: AppError };

async function judgeCode(deps: VerifyDeps, row: WithdrawalRow, code: string): Promise<CodeVerdict> {
  const codeField = [{ loc: ["body", "code"], msg: "is not valid" }];
  if (row.secondFactor === "authenticator") {
    const before = deps.clock.now();
    const verdict = await checkTwoFactorCode(deps, row.userId, code);
    switch (verdict.kind) {
      case "accepted":
        return { kind: "accepted" };
      case "wrong":
        return { kind: "wrong" };
      case "locked":
        // Locked by this very code (the fifth wrong one in a row) counts as a wrong code of this withdrawal too.
        return verdict.until >= before + TWO_FACTOR_LOCK_MS
          ? { kind: "wrong", lockedUntil: verdict.until }
          : { kind: "refused", error: twoFactorLockedError(verdict.until, deps.clock.now()) };
      case "not-enabled":
        return {
          kind: "refused",
          error: new AppError(
            409,
            "second_factor_changed",
            "Two-factor authentication is no longer on for your account, so this withdrawal cannot be confirmed with it. Cancel it and start a new one.",
          ),
        };
    }
  }
  const verdict = await checkCode(deps, { userId: row.userId, purpose: "withdrawal", subjectId: row.id, code });
  switch (verdict.kind) {
    case "accepted":
      return { kind: "accepted" };
    case "wrong":
      return { kind: "wrong" };
    case "locked":
      return { kind: "exhausted" };
    case "expired":
      return {
        kind: "refused",
        error: new AppError(400, "code_expired", "This code has expired. Press Resend to get a new one.", codeField),
      };
    case "used":
      return {
        kind: "refused",
        error: new AppError(409, "code_used", "This code was already used. Press Resend to get a new one.", codeField),
      };
    case "missing":
      return {
        kind: "refused",
        error: new AppError(400, "no_code_sent", "No code was sent for this withdrawal yet. Press Resend to get one.", codeField),
      };
  }
}

/**
 * Accepted: `verifying` → `pending`, then the withdrawal goes to the payout rail (idempotent by withdrawal id). If
 * the rail cannot be reached, the withdrawal stays `pending` and the scheduler hands it over. A wrong code answers 400
 * with the attempts left; the fifth cancels the withdrawal and releases its hold.
 */
export async function verifyWithdrawal(deps: VerifyDeps, userId: string, withdrawalId: string, code: string): Promise<Withdrawal> {
  const row = await verifyingWithdrawal(deps, await ownWithdrawal(deps, userId, withdrawalId), "verify");
  const verdict = await judgeCode(deps, row, code);
  if (verdict.kind === "refused") throw verdict.error;
  if (verdict.kind === "wrong" || verdict.kind === "exhausted") {
    const wrongCodes = verdict.kind === "exhausted" ? WITHDRAWAL_MAX_WRONG_CODES : await recordWrongCode(deps.db, row.id, deps.clock.now());
    if (wrongCodes === null) throw await raceLoser(deps, row, "verify");
    if (wrongCodes >= WITHDRAWAL_MAX_WRONG_CODES) {
      await applyTransition(deps, cancelTransition(deps.db, row, { reason: cancelReasons.wrongCodes, now: deps.clock.now() }));
      throw new AppError(
        400,
        "too_many_wrong_codes",
        "Wrong code. That was the fifth wrong code, so the withdrawal is cancelled and the amount is back in your balance.",
        [{ loc: ["body", "code"], msg: "is wrong; the withdrawal is cancelled" }],
      );
    }
    if (verdict.kind === "wrong" && verdict.lockedUntil !== undefined) throw twoFactorLockedError(verdict.lockedUntil, deps.clock.now());
    const left = WITHDRAWAL_MAX_WRONG_CODES - wrongCodes;
    throw new AppError(
      400,
      "wrong_code",
      `Wrong code: ${left} ${left === 1 ? "attempt" : "attempts"} left before the withdrawal is cancelled.`,
      [{ loc: ["body", "code"], msg: `is wrong (${left} left)` }],
    );
  }

  if (!(await applyTransition(deps, pendingTransition(deps.db, row, deps.clock.now())))) throw await raceLoser(deps, row, "verify");
  try {
    await handOverAndApply(deps, row);
  } catch (error) {
    console.warn(`Withdrawals: ${row.id} could not be handed to the payout rail now; the scheduler hands it over`, error);
  }
  const current = await findWithdrawal(deps.db, userId, withdrawalId);
  if (current === null) throw unknownWithdrawal();
  return presentWithdrawal(current, deps.clock.now());
}

/** A new mailed code, at most once a minute (429 with Retry-After otherwise); 409 for the authenticator. */
export async function resendWithdrawalCode(deps: VerifyDeps, userId: string, withdrawalId: string): Promise<Withdrawal> {
  const found = await ownWithdrawal(deps, userId, withdrawalId);
  if (found.secondFactor === "authenticator") {
    throw new AppError(
      409,
      "code_not_mailed",
      "This withdrawal is confirmed with the code from your authenticator app; there is no e-mail to send again.",
    );
  }
  const row = await verifyingWithdrawal(deps, found, "resend");
  const account = await findAccount(deps.db, userId);
  const email = account?.verified_email ?? null;
  if (email === null || email === "") {
    throw new AppError(
      409,
      "email_not_verified",
      "Your e-mail address is no longer verified, so no code can be sent. Verify it in /profile/settings, or cancel this withdrawal.",
    );
  }
  if (!(await mailWithdrawalCode(deps, row, email))) {
    throw new AppError(502, "mail_failed", "The e-mail with your code could not be sent just now. Try Resend again in a minute.");
  }
  const current = await ownWithdrawal(deps, userId, withdrawalId);
  return presentWithdrawal(current, deps.clock.now());
}

/**
 * Cancels a withdrawal that is still `verifying` and releases its hold; 409 once it is with the payout rail. The
 * cancelling call's `page_path` and `trigger` are stored with it.
 */
export async function cancelWithdrawal(
  deps: WithdrawalDeps,
  userId: string,
  withdrawalId: string,
  cancelledFrom: WithdrawalTracking,
): Promise<Withdrawal> {
  const row = await ownWithdrawal(deps, userId, withdrawalId);
  if (row.status === "cancelled") return presentWithdrawal(row, deps.clock.now());
  if (row.status !== "verifying") throw noLongerVerifying(row, "cancel");
  const changed = await applyTransition(
    deps,
    cancelTransition(deps.db, row, { reason: cancelReasons.creator, now: deps.clock.now(), cancelledFrom }),
  );
  const current = await ownWithdrawal(deps, userId, withdrawalId);
  if (!changed && current.status !== "cancelled") throw noLongerVerifying(current, "cancel");
  return presentWithdrawal(current, deps.clock.now());
}
