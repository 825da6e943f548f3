import { insertAccountsStatement, insertEntryStatement, noGuard, type NewLedgerEntry, type StatementGuard } from "../../db/ledger.ts";
import type { LedgerAccount } from "./accounts.ts";
import type { Database } from "../../database.ts";

/**
 * Posting to the ledger: one journal entry is a set of lines that sum to zero in each currency, written in one
 * statement (the database expands and checks the lines) together with the accounts it needs. Entries carry an
 * idempotency key: posting the same key again changes nothing, so a retry never moves money twice.
 */
export type JournalLine = { account: LedgerAccount; amount: number };
export type JournalEntry = {
  idempotencyKey: string;
  kind: NewLedgerEntry["kind"];
  memo: string;
  lines: readonly JournalLine[];
  createdAt: number;
};

export class UnbalancedEntryError extends Error {
  override name = "UnbalancedEntryError";
}

export class InsufficientFundsError extends Error {
  override name = "InsufficientFundsError";
}

/** Lines on the same account merged (an entry has at most one line per account), zero lines dropped, then checked. */
export function normalizedLines(entry: JournalEntry): JournalLine[] {
  const byAccount = new Map<string, JournalLine>();
  for (const line of entry.lines) {
    if (!Number.isSafeInteger(line.amount)) {
      throw new UnbalancedEntryError(`${entry.idempotencyKey}: ${line.account.id} has a non-integer amount ${line.amount}`);
    }
    const existing = byAccount.get(line.account.id);
    byAccount.set(line.account.id, { account: line.account, amount: (existing?.amount ?? 0) + line.amount });
  }
  const lines = [...byAccount.values()].filter((line) => line.amount !== 0);
  const sums = new Map<string, number>();
  for (const line of lines) sums.set(line.account.currency, (sums.get(line.account.currency) ?? 0) + line.amount);
  for (const [currency, sum] of sums) {
    if (sum !== 0) throw new UnbalancedEntryError(`${entry.idempotencyKey}: ${currency} lines sum to ${sum}, not 0`);
  }
  if (lines.length < 2) throw new UnbalancedEntryError(`${entry.idempotencyKey}: an entry moves money between two accounts at least`);
  return lines;
}

/**
 * The statements that post an entry, to batch with the change it belongs to (a post's status, a campaign's
 * funding). With a guard, the entry is written only while the guard holds when the batch runs.
 */
export function journalEntryStatements(db: Database, entry: JournalEntry, guard: StatementGuard = noGuard): D1PreparedStatement[] {
  const lines = normalizedLines(entry);
  return [
    insertAccountsStatement(
      db,
      lines.map((line) => line.account),
      entry.createdAt,
    ),
    insertEntryStatement(
      db,
      {
        idempotencyKey: entry.idempotencyKey,
        kind: entry.kind,
        memo: entry.memo,
        lines: lines.map((line) => ({ accountId: line.account.id, amount: line.amount })),
        createdAt: entry.createdAt,
      },
      guard,
    ),
  ];
}

/** A D1 failure raised by the ledger's triggers, as the error the caller can act on. */
export function ledgerFailure(error: unknown): Error | null {
  const message = error instanceof Error ? error.message : String(error);
  if (message.includes("ledger: a balance would go negative")) return new InsufficientFundsError(message);
  if (message.includes("ledger: ")) return new UnbalancedEntryError(message);
  return null;
}

/** Runs a batch that posts ledger entries; trigger refusals come back as InsufficientFunds/UnbalancedEntry errors. */
export async function runLedgerBatch(db: Database, statements: D1PreparedStatement[]): Promise<D1Result[]> {
  try {
    return await db.batch(statements);
  } catch (error) {
    throw ledgerFailure(error) ?? error;
  }
}

/** Posts one entry on its own. `posted` is false when an entry with this key already existed. */
export async function postJournalEntry(db: Database, entry: JournalEntry): Promise<{ posted: boolean }> {
  const results = await runLedgerBatch(db, journalEntryStatements(db, entry));
  return { posted: (results[1]?.meta.changes ?? 0) > 0 };
}
