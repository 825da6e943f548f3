import type { Capabilities } from "../../capabilities.ts";
import type { WithdrawalList } from "../../contracts/withdrawals.ts";
import { listWithdrawals } from "../../db/withdrawals.ts";
import { presentWithdrawal } from "./present.ts";

/** How many withdrawals the history shows. */
export const WITHDRAWAL_HISTORY_LIMIT = 50;

/** `GET /v1/withdrawal?currency=`: the user's withdrawals, newest first (the latest 50). */
export async function listWithdrawalsOf(
  { db, clock }: Pick<Capabilities, "db" | "clock">,
  userId: string,
  currency?: string,
): Promise<WithdrawalList> {
  const rows = await listWithdrawals(db, { userId, ...(currency === undefined ? {} : { currency }), limit: WITHDRAWAL_HISTORY_LIMIT });
  const now = clock.now();
  return { withdrawals: rows.map((row) => presentWithdrawal(row, now)) };
}
