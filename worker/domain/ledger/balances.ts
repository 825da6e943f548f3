import { decimalsOf } from "../../contracts/currencies.ts";
import { campaignPoolTotals, userBalancesQuery } from "../../db/ledger.ts";
import { mapQuery, runBatch, type Query } from "../../db/query.ts";
import { campaignCurrencies } from "../../db/reward-campaigns.ts";

/**
 * Balances read from the ledger (never stored): a creator's money per currency, and what is left in campaign pools.
 */
export type Balance = { currency: string; decimals: number; available: number; held: number; earned: number };

/** `GET /v1/balance`: per currency, available, held in withdrawals, and earned in total; integers in the smallest unit. */
export function balancesQuery(db: D1Database, userId: string): Query<Balance[]> {
  return mapQuery(userBalancesQuery(db, userId), (rows) =>
    rows.map((row) => ({
      currency: row.currency,
      decimals: decimalsOf(row.currency),
      available: row.available,
      held: row.held,
      earned: row.earned,
    })),
  );
}

export async function balancesOf(db: D1Database, userId: string): Promise<Balance[]> {
  const [balances] = await runBatch(db, [balancesQuery(db, userId)]);
  return balances;
}

export type PoolBalance = { currency: string; funded: number; remaining: number };

/**
 * For the campaign cards: per campaign, what was funded into its pools (weekly and bonus) and what remains in them
 * (after rewards; the remainder a split could not hand out stays there). A campaign without any ledger movement
 * answers zero in its reward currency.
 */
export async function poolBalances(db: D1Database, campaignIds: readonly string[]): Promise<Record<string, PoolBalance>> {
  const unique = [...new Set(campaignIds)];
  const result: Record<string, PoolBalance> = {};
  if (unique.length === 0) return result;
  const [totals, currencies] = await Promise.all([campaignPoolTotals(db, unique), campaignCurrencies(db, unique)]);
  for (const [campaignId, currency] of currencies) result[campaignId] = { currency, funded: 0, remaining: 0 };
  for (const row of totals) {
    // A campaign has one reward currency; its pools are all in it.
    result[row.campaign_id] = { currency: row.currency, funded: row.funded, remaining: row.remaining };
  }
  return result;
}
