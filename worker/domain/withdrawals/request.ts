import { AppError } from "../../contracts/errors.ts";
import {
  WITHDRAWAL_VERIFY_WINDOW_MS,
  type SecondFactor,
  type Withdrawal,
  type WithdrawalRequest,
  type WithdrawalTracking,
} from "../../contracts/withdrawals.ts";
import { accountBalances } from "../../db/ledger.ts";
import { findAccount } from "../../db/users.ts";
import { findWallet } from "../../db/wallets.ts";
import { findWithdrawalByKey, type WithdrawalRow } from "../../db/withdrawals.ts";
import { creatorAvailableAccount } from "../ledger/accounts.ts";
import { InsufficientFundsError } from "../ledger/journal.ts";
import { mailWithdrawalCode, type CodeMailDeps } from "./codes.ts";
import { amountText, presentWithdrawal } from "./present.ts";
import { applyTransition, requestTransition, type WithdrawalDeps } from "./transitions.ts";

/**
 * `POST /v1/withdrawal`: a creator asks to withdraw `amount` of `currency` to one of their verified wallets. The
 * withdrawal and the hold of its amount are written in one atomic batch (transitions.ts); then the mailed code goes
 * out when the second factor is e-mail. The creator's Idempotency-Key makes a repeat answer the same withdrawal; the
 * request's `page_path` and `trigger` (`requestedFrom`) are stored with it.
 */
export type RequestWithdrawalDeps = WithdrawalDeps & CodeMailDeps;

export type RequestedWithdrawal = {
  withdrawal: Withdrawal;
  /** False when this request repeated an earlier one (same Idempotency-Key): nothing new was held. */
  created: boolean;
  /** Whether the mailed code went out (null: the authenticator, or a repeat). */
  codeSent: boolean | null;
};

const SETTINGS = "/profile/settings";

/** The second factor a withdrawal uses now: the authenticator when two-factor is verified, else the verified e-mail. */
export function secondFactorFor(account: { two_factor_verified: number; verified_email: string | null }): SecondFactor | null {
  if (account.two_factor_verified === 1) return "authenticator";
  if (account.verified_email !== null && account.verified_email !== "") return "email";
  return null;
}

function sameRequest(existing: WithdrawalRow, input: WithdrawalRequest): boolean {
  return existing.walletId === input.walletId && existing.amount === input.amount && existing.currency === input.currency;
}

function repeated(existing: WithdrawalRow, input: WithdrawalRequest, now: number): RequestedWithdrawal {
  if (!sameRequest(existing, input)) {
    throw new AppError(
      409,
      "idempotency_key_reused",
      "This Idempotency-Key was already used for a different withdrawal. Send a new key for a new withdrawal.",
      [{ loc: ["header", "Idempotency-Key"], msg: "was already used for a different withdrawal" }],
    );
  }
  return { withdrawal: presentWithdrawal(existing, now), created: false, codeSent: null };
}

async function insufficientFunds(deps: WithdrawalDeps, userId: string, input: WithdrawalRequest): Promise<AppError> {
  const account = creatorAvailableAccount(userId, input.currency);
  const available = (await accountBalances(deps.db, [account.id])).get(account.id) ?? 0;
  return new AppError(
    409,
    "insufficient_funds",
    `You have ${amountText(available, input.currency)} available; this withdrawal needs ${amountText(input.amount, input.currency)}. ` +
      "Withdraw at most your available balance (money held by other withdrawals in flight is not available).",
    [{ loc: ["body", "amount"], msg: `must be at most your available ${amountText(available, input.currency)}` }],
  );
}

export async function requestWithdrawal(
  deps: RequestWithdrawalDeps,
  userId: string,
  input: WithdrawalRequest & { idempotencyKey: string; requestedFrom: WithdrawalTracking },
): Promise<RequestedWithdrawal> {
  const { db, clock } = deps;
  const earlier = await findWithdrawalByKey(db, userId, input.idempotencyKey);
  if (earlier !== null) return repeated(earlier, input, clock.now());

  const [wallet, account] = await Promise.all([findWallet(db, userId, input.walletId), findAccount(db, userId)]);
  if (wallet === null || account === null) {
    throw new AppError(404, "not_found", "You have no wallet with this id. Choose one of your wallets.", [
      { loc: ["body", "walletId"], msg: "is not one of your wallets" },
    ]);
  }
  if (wallet.removedAt !== null) {
    throw new AppError(409, "wallet_removed", `This wallet was removed. Choose another one, or add it again in ${SETTINGS}#wallets.`, [
      { loc: ["body", "walletId"], msg: "was removed" },
    ]);
  }
  if (wallet.verifiedAt === null) {
    throw new AppError(
      409,
      "wallet_not_verified",
      `This wallet is not verified yet. Sign its verification message in ${SETTINGS}#wallets, then withdraw to it.`,
      [{ loc: ["body", "walletId"], msg: "is not verified" }],
    );
  }
  if (wallet.currency !== input.currency) {
    throw new AppError(
      400,
      "invalid_request",
      `currency: this wallet receives ${wallet.currency}, not ${input.currency}. Choose a ${input.currency} wallet or withdraw ${wallet.currency}.`,
      [{ loc: ["body", "currency"], msg: `must be the wallet's currency (${wallet.currency})` }],
    );
  }
  const secondFactor = secondFactorFor(account);
  if (secondFactor === null) {
    throw new AppError(
      409,
      "second_factor_required",
      `Withdrawals need a second factor. Verify your e-mail address or turn on two-factor authentication in ${SETTINGS}, then try again.`,
    );
  }

  const now = clock.now();
  const row: WithdrawalRow = {
    id: `wdr_${crypto.randomUUID()}`,
    userId,
    walletId: wallet.id,
    walletType: wallet.type,
    walletAddress: wallet.address,
    currency: input.currency,
    amount: input.amount,
    status: "verifying",
    secondFactor,
    idempotencyKey: input.idempotencyKey,
    wrongCodes: 0,
    statusReason: null,
    railPayoutId: null,
    createdAt: now,
    expiresAt: now + WITHDRAWAL_VERIFY_WINDOW_MS,
    verifiedAt: null,
    settledAt: null,
    updatedAt: now,
    codeSentAt: null,
  };
  let created: boolean;
  try {
    created = await applyTransition(deps, requestTransition(db, { ...row, requestedFrom: input.requestedFrom }));
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw await insufficientFunds(deps, userId, input);
    throw error;
  }
  if (!created) {
    // Another request with the same Idempotency-Key got there first (the UNIQUE index kept this one out).
    const winner = await findWithdrawalByKey(db, userId, input.idempotencyKey);
    if (winner === null) throw new Error(`Withdrawal with key ${input.idempotencyKey} was neither inserted nor found`);
    return repeated(winner, input, clock.now());
  }

  let codeSent: boolean | null = null;
  if (secondFactor === "email" && account.verified_email !== null) {
    try {
      codeSent = await mailWithdrawalCode(deps, row, account.verified_email);
    } catch (error) {
      // The withdrawal and its hold stand; the creator asks for the code again (resend) or cancels.
      console.warn(`Withdrawals: no code could be issued for ${row.id}`, error);
      codeSent = false;
    }
    if (codeSent) row.codeSentAt = clock.now();
  }
  return { withdrawal: presentWithdrawal(row, clock.now()), created: true, codeSent };
}
