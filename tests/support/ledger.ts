import { z } from "zod";

/**
 * Reads of the ledger that only tests and benchmarks make, straight in SQL over ledger_lines: what the product shows
 * (balances, the cards' pools) is read through worker/db, and these check it from the other side.
 */

const currencyTotalSchema = z.object({ currency: z.string(), debits: z.number().int(), credits: z.number().int() });

/** Over the whole ledger, per currency: what arrived in accounts (debits) and what left them (credits). */
export async function ledgerTotals(db: D1Database): Promise<z.infer<typeof currencyTotalSchema>[]> {
  const rows = await db
    .prepare(
      `SELECT currency, COALESCE(SUM(CASE WHEN amount > 0 THEN amount END), 0) AS debits,
         COALESCE(-SUM(CASE WHEN amount < 0 THEN amount END), 0) AS credits
       FROM ledger_lines GROUP BY currency ORDER BY currency`,
    )
    .all();
  return currencyTotalSchema.array().parse(rows.results);
}

const poolBalanceSchema = z.object({
  campaign_id: z.string(),
  currency: z.string(),
  funded: z.number().int(),
  remaining: z.number().int(),
});

export type PoolBalance = { currency: string; funded: number; remaining: number };

/**
 * Per campaign: what was funded into its pools (weekly and bonus) and what remains in them after rewards, in its
 * reward currency (zero for a campaign the ledger never moved money for).
 */
export async function poolBalances(db: D1Database, campaignIds: readonly string[]): Promise<Record<string, PoolBalance>> {
  const rows = await db
    .prepare(
      `SELECT campaigns.id AS campaign_id, campaigns.reward_currency AS currency,
         COALESCE(SUM(CASE WHEN line.entry_kind = 'campaign-funding' AND line.amount > 0 THEN line.amount END), 0) AS funded,
         COALESCE(SUM(line.amount), 0) AS remaining
       FROM campaigns
       LEFT JOIN ledger_accounts AS account ON account.owner_id = campaigns.id AND account.kind IN ('campaign-pool', 'campaign-bonus-pool')
       LEFT JOIN ledger_lines AS line ON line.account_id = account.id
       WHERE campaigns.id IN (SELECT value FROM json_each(?))
       GROUP BY campaigns.id`,
    )
    .bind(JSON.stringify(campaignIds))
    .all();
  return Object.fromEntries(
    poolBalanceSchema
      .array()
      .parse(rows.results)
      .map((row) => [row.campaign_id, { currency: row.currency, funded: row.funded, remaining: row.remaining }]),
  );
}

/** The balance of each of the given accounts (by id), zero for an account without lines. */
export async function accountBalances(db: D1Database, accountIds: readonly string[]): Promise<Record<string, number>> {
  const rows = await db
    .prepare(
      `SELECT ids.value AS account_id, COALESCE(SUM(line.amount), 0) AS balance
       FROM json_each(?) AS ids LEFT JOIN ledger_lines AS line ON line.account_id = ids.value GROUP BY ids.value`,
    )
    .bind(JSON.stringify(accountIds))
    .all();
  const balances = z.object({ account_id: z.string(), balance: z.number().int() }).array().parse(rows.results);
  return Object.fromEntries(balances.map((row) => [row.account_id, row.balance]));
}
