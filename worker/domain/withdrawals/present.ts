import { decimalsOf } from "../../contracts/currencies.ts";
import { WITHDRAWAL_MAX_WRONG_CODES, WITHDRAWAL_RESEND_INTERVAL_MS, formatUnits, type Withdrawal } from "../../contracts/withdrawals.ts";
import type { WithdrawalRow } from "../../db/withdrawals.ts";

/** A stored withdrawal as the API answers it, at `now` (for the resend countdown). */
export function presentWithdrawal(row: WithdrawalRow, now: number): Withdrawal {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    decimals: decimalsOf(row.currency),
    wallet: { id: row.walletId, type: row.walletType, address: row.walletAddress },
    secondFactor: row.secondFactor,
    statusReason: row.statusReason,
    attemptsLeft: row.status === "verifying" ? Math.max(0, WITHDRAWAL_MAX_WRONG_CODES - row.wrongCodes) : 0,
    resendAvailableInSeconds:
      row.secondFactor === "authenticator" ? null : row.status === "verifying" ? resendWaitSeconds(row.codeSentAt, now) : 0,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    verifiedAt: row.verifiedAt,
    settledAt: row.settledAt,
    updatedAt: row.updatedAt,
  };
}

/** Whole seconds until a mailed code may be sent again; 0 when it may be now (or none went out yet). */
export function resendWaitSeconds(codeSentAt: number | null, now: number): number {
  if (codeSentAt === null) return 0;
  return Math.max(0, Math.ceil((codeSentAt + WITHDRAWAL_RESEND_INTERVAL_MS - now) / 1000));
}

/** "12.5 USDC": an amount in words for messages. */
export function amountText(amount: number, currency: string): string {
  return `${formatUnits(amount, currency)} ${currency}`;
}
