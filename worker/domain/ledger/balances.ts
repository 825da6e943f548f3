import { decimalsOf } from "../../contracts/currencies.ts";
import { userBalancesQuery } from "../../db/ledger.ts";
import { mapQuery, runBatch, type Query } from "../../db/query.ts";
import type { Database } from "../../database.ts";

/**
 * Balances read from the ledger (never stored): a creator's money per currency. (What is left in a campaign's pools is
 * read with the campaign itself: worker/db/campaigns.ts.)
 */
export type Balance = { currency: string; decimals: number; available: number; held: number; earned: number; pending: number };

/**
 * `GET /v1/balance`: per currency, available, held in withdrawals, earned in total and pending (commissions in their
 * validation window); integers in the smallest unit.
 */
export function balancesQuery(db: Database, userId: string): Query<Balance[]> {
  return mapQuery(userBalancesQuery(db, userId), (rows) =>
    rows.map((row) => ({
      currency: row.currency,
      decimals: decimalsOf(row.currency),
      available: row.available,
      held: row.held,
      earned: row.earned,
      pending: row.pending,
    })),
  );
}

export async function balancesOf(db: Database, userId: string): Promise<Balance[]> {
  const [balances] = await runBatch(db, [balancesQuery(db, userId)]);
  return balances;
}
