import { z } from "zod";
import { allRows, mapQuery, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/**
 * The ledger tables (migrations 0004 and 0036): accounts, entries posted through the view `ledger_postings`, the lines
 * the database writes from each posting, and one balance row per account kept by the database as each line is
 * written. Nothing here updates or deletes entries or lines: the triggers refuse it.
 */

export type LedgerAccountRow = { id: string; ownerId: string; kind: string; currency: string; period: number };

/** A condition every statement of a batch can carry, so a stale batch changes nothing (e.g. "still evaluating"). */
export type StatementGuard = { sql: string; params: (string | number)[] };

export const noGuard: StatementGuard = { sql: "1", params: [] };

/** Creates the accounts that do not exist yet, in one statement however many there are. */
export function insertAccountsStatement(db: Database, accounts: readonly LedgerAccountRow[], createdAt: number) {
  const rows = accounts.map((account) => ({ id: account.id, o: account.ownerId, k: account.kind, c: account.currency, p: account.period }));
  return db
    .prepare(
      `INSERT INTO ledger_accounts (id, owner_id, kind, currency, period, created_at)
       SELECT json_extract(value, '$.id'), json_extract(value, '$.o'), json_extract(value, '$.k'), json_extract(value, '$.c'),
              json_extract(value, '$.p'), ?
       FROM json_each(?) WHERE true
       ON CONFLICT DO NOTHING`,
    )
    .bind(createdAt, JSON.stringify(rows));
}

export type NewLedgerEntry = {
  idempotencyKey: string;
  kind:
    | "deposit"
    | "campaign-funding"
    | "reward"
    | "withdrawal-hold"
    | "withdrawal-release"
    | "withdrawal-payout"
    | "pool-return"
    | "commission-funding"
    | "commission-reserve"
    | "commission-release"
    | "commission-cancel"
    | "commission-clawback"
    | "reward-hold"
    | "reward-return";
  memo: string;
  lines: readonly { accountId: string; amount: number }[];
  createdAt: number;
};

/**
 * One entry, posted through `ledger_postings`: its trigger writes the entry and its lines (the JSON is not stored) and
 * refuses it unless they balance. A second entry with the same key is ignored, which is what makes a retried movement
 * harmless.
 */
export function insertEntryStatement(db: Database, entry: NewLedgerEntry, guard: StatementGuard = noGuard) {
  const lines = entry.lines.map((line) => ({ account: line.accountId, amount: line.amount }));
  return db
    .prepare(
      `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
       SELECT ?, ?, ?, ?, ? WHERE ${guard.sql}`,
    )
    .bind(entry.idempotencyKey, entry.kind, entry.memo, JSON.stringify(lines), entry.createdAt, ...guard.params);
}

const entrySchema = z
  .object({ id: z.number().int(), idempotency_key: z.string(), kind: z.string(), memo: z.string(), created_at: z.number() })
  .transform((row) => ({ id: row.id, idempotencyKey: row.idempotency_key, kind: row.kind, memo: row.memo, createdAt: row.created_at }));

export function findEntryByKey(db: Database, idempotencyKey: string) {
  return queryFirst(
    db.prepare(`SELECT id, idempotency_key, kind, memo, created_at FROM ledger_entries WHERE idempotency_key = ?`).bind(idempotencyKey),
    entrySchema,
  );
}

const balanceSchema = z.object({ account_id: z.string(), balance: z.number().int() });

const ownerBalanceSchema = z.object({ currency: z.string(), balance: z.number().int() });

/**
 * The balance per currency of every account of one owner and kind (e.g. an advertiser's funding); a currency without
 * an account is absent from the map.
 */
export function ownerBalancesQuery(db: Database, ownerId: string, kind: string): Query<Map<string, number>> {
  return mapQuery(
    allRows(
      db
        .prepare(
          `SELECT account.currency, COALESCE(SUM(kept.balance), 0) AS balance
           FROM ledger_accounts AS account
           LEFT JOIN ledger_balances AS kept ON kept.account_id = account.id AND kept.currency = account.currency
           WHERE account.owner_id = ? AND account.kind = ? GROUP BY account.currency`,
        )
        .bind(ownerId, kind),
      ownerBalanceSchema,
    ),
    (rows) => new Map(rows.map((row) => [row.currency, row.balance])),
  );
}

/** Balances of the given accounts; an account that does not exist yet has none (absent from the map). */
export async function accountBalances(db: Database, accountIds: readonly string[]): Promise<Map<string, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await queryAll(
    db
      .prepare(`SELECT account_id, balance FROM ledger_balances WHERE account_id IN (SELECT value FROM json_each(?))`)
      .bind(JSON.stringify(accountIds)),
    balanceSchema,
  );
  return new Map(rows.map((row) => [row.account_id, row.balance]));
}

const userBalanceSchema = z.object({
  currency: z.string(),
  available: z.number().int(),
  held: z.number().int(),
  earned: z.number().int(),
  pending: z.number().int(),
});
export type UserBalanceRow = z.infer<typeof userBalanceSchema>;

/**
 * A creator's money per currency: available (free to withdraw), held (withdrawals in flight), earned (every
 * reward and released commission ever credited, whatever happened to it since) and pending (commissions within their
 * validation window).
 */
export function userBalancesQuery(db: Database, userId: string): Query<UserBalanceRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT account.currency,
           COALESCE(SUM(CASE WHEN account.kind = 'creator-available' THEN kept.balance END), 0) AS available,
           COALESCE(SUM(CASE WHEN account.kind = 'creator-withdrawal-hold' THEN kept.balance END), 0) AS held,
           COALESCE(SUM(CASE WHEN account.kind = 'creator-available' THEN kept.rewarded END), 0) AS earned,
           COALESCE(SUM(CASE WHEN account.kind = 'creator-commission-pending' THEN kept.balance END), 0) AS pending
         FROM ledger_accounts AS account
         JOIN ledger_balances AS kept ON kept.account_id = account.id AND kept.currency = account.currency
         WHERE account.owner_id = ?
           AND account.kind IN ('creator-available', 'creator-withdrawal-hold', 'creator-paid-out', 'creator-commission-pending')
         GROUP BY account.currency ORDER BY account.currency`,
      )
      .bind(userId),
    userBalanceSchema,
  );
}

/** An entry among several posted by one statement; `ref` names what it belongs to, for the statement's guard. */
export type NewLedgerEntryOf = NewLedgerEntry & { ref: string };

/**
 * Several entries in one statement, each posted through `ledger_postings` as `insertEntryStatement` posts one, and
 * only while `guard` holds for it (its SQL reads the entry as `entry.value`, e.g. `json_extract(entry.value, '$.ref')`).
 */
export function insertEntriesStatement(db: Database, entries: readonly NewLedgerEntryOf[], guard: StatementGuard) {
  const rows = entries.map((entry) => ({
    key: entry.idempotencyKey,
    kind: entry.kind,
    memo: entry.memo,
    lines: entry.lines.map((line) => ({ account: line.accountId, amount: line.amount })),
    createdAt: entry.createdAt,
    ref: entry.ref,
  }));
  return db
    .prepare(
      `INSERT INTO ledger_postings (idempotency_key, kind, memo, lines, created_at)
       SELECT json_extract(entry.value, '$.key'), json_extract(entry.value, '$.kind'), json_extract(entry.value, '$.memo'),
         json_extract(entry.value, '$.lines'), json_extract(entry.value, '$.createdAt')
       FROM json_each(?) AS entry WHERE ${guard.sql}`,
    )
    .bind(JSON.stringify(rows), ...guard.params);
}
