import { z } from "zod";
import { secondFactorSchema, withdrawalStatusSchema, type SecondFactor, type WithdrawalTracking } from "../contracts/withdrawals.ts";
import type { StatementGuard } from "./ledger.ts";
import { queryAll, queryFirst } from "./query.ts";
import type { WithdrawalStatus } from "../contracts/withdrawal-rules.ts";
import type { Database } from "../database.ts";

/**
 * The table `withdrawals` (migrations 0006, 0007 and 0015): money out, from a creator's balance to one of their verified
 * wallets. The row is the state machine; the money moves only in the ledger, in the same batches as the status
 * changes (docs/decisions/015-withdrawals.md). Every status change here names the status it expects, so a change
 * applied twice, or by two requests at once, happens once.
 */

export type WithdrawalRow = {
  id: string;
  userId: string;
  walletId: string;
  walletType: "evm" | "solana";
  walletAddress: string;
  currency: string;
  amount: number;
  status: WithdrawalStatus;
  secondFactor: SecondFactor;
  idempotencyKey: string;
  wrongCodes: number;
  statusReason: string | null;
  railPayoutId: string | null;
  createdAt: number;
  expiresAt: number;
  verifiedAt: number | null;
  settledAt: number | null;
  updatedAt: number;
  codeSentAt: number | null;
};

const withdrawalRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    wallet_id: z.string(),
    wallet_type: z.enum(["evm", "solana"]),
    wallet_address: z.string(),
    currency: z.string(),
    amount: z.number().int(),
    status: withdrawalStatusSchema,
    second_factor: secondFactorSchema,
    idempotency_key: z.string(),
    wrong_codes: z.number().int(),
    status_reason: z.string().nullable(),
    rail_payout_id: z.string().nullable(),
    created_at: z.number().int(),
    expires_at: z.number().int(),
    verified_at: z.number().int().nullable(),
    settled_at: z.number().int().nullable(),
    updated_at: z.number().int(),
    code_sent_at: z.number().int().nullable(),
  })
  .transform((row): WithdrawalRow => ({
    id: row.id,
    userId: row.user_id,
    walletId: row.wallet_id,
    walletType: row.wallet_type,
    walletAddress: row.wallet_address,
    currency: row.currency,
    amount: row.amount,
    status: row.status,
    secondFactor: row.second_factor,
    idempotencyKey: row.idempotency_key,
    wrongCodes: row.wrong_codes,
    statusReason: row.status_reason,
    railPayoutId: row.rail_payout_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    verifiedAt: row.verified_at,
    settledAt: row.settled_at,
    updatedAt: row.updated_at,
    codeSentAt: row.code_sent_at,
  }));

const SELECT_WITHDRAWAL = `SELECT w.id, w.user_id, w.wallet_id, wallet.type AS wallet_type, wallet.address AS wallet_address, w.currency,
    w.amount, w.status, w.second_factor, w.idempotency_key, w.wrong_codes, w.status_reason, w.rail_payout_id, w.created_at,
    w.expires_at, w.verified_at, w.settled_at, w.updated_at, w.code_sent_at
  FROM withdrawals AS w JOIN wallets AS wallet ON wallet.id = w.wallet_id`;

export type NewWithdrawal = {
  id: string;
  userId: string;
  walletId: string;
  currency: string;
  amount: number;
  secondFactor: SecondFactor;
  idempotencyKey: string;
  createdAt: number;
  expiresAt: number;
  /** The request's `page_path` and `trigger`. */
  requestedFrom: WithdrawalTracking;
};

/**
 * A new withdrawal, `verifying`. A second one with the same (user, Idempotency-Key) is ignored (the UNIQUE index):
 * batched before the hold, whose guard is "this row exists", it makes a repeated request hold nothing.
 */
export function insertWithdrawalStatement(db: Database, withdrawal: NewWithdrawal) {
  return db
    .prepare(
      `INSERT INTO withdrawals (id, user_id, wallet_id, currency, amount, status, second_factor, idempotency_key, created_at, expires_at,
         updated_at, request_page_path, request_trigger)
       VALUES (?1, ?2, ?3, ?4, ?5, 'verifying', ?6, ?7, ?8, ?9, ?8, ?10, ?11)
       ON CONFLICT DO NOTHING`,
    )
    .bind(
      withdrawal.id,
      withdrawal.userId,
      withdrawal.walletId,
      withdrawal.currency,
      withdrawal.amount,
      withdrawal.secondFactor,
      withdrawal.idempotencyKey,
      withdrawal.createdAt,
      withdrawal.expiresAt,
      withdrawal.requestedFrom.pagePath,
      withdrawal.requestedFrom.trigger,
    );
}

/** A guard for the statements batched with a status change: they run only if the withdrawal has one of these statuses. */
export function withdrawalStatusGuard(withdrawalId: string, statuses: readonly WithdrawalStatus[]): StatementGuard {
  return {
    sql: `EXISTS (SELECT 1 FROM withdrawals WHERE id = ? AND status IN (SELECT value FROM json_each(?)))`,
    params: [withdrawalId, JSON.stringify(statuses)],
  };
}

/** One of the user's withdrawals; null when there is none with this id or it is someone else's. */
export function findWithdrawal(db: Database, userId: string, withdrawalId: string): Promise<WithdrawalRow | null> {
  return queryFirst(db.prepare(`${SELECT_WITHDRAWAL} WHERE w.id = ? AND w.user_id = ?`).bind(withdrawalId, userId), withdrawalRowSchema);
}

/** A withdrawal by id alone, whoever's it is: for the payout rail's webhook, which names withdrawals, not users. */
export function findWithdrawalById(db: Database, withdrawalId: string): Promise<WithdrawalRow | null> {
  return queryFirst(db.prepare(`${SELECT_WITHDRAWAL} WHERE w.id = ?`).bind(withdrawalId), withdrawalRowSchema);
}

/** The user's withdrawal made with this Idempotency-Key, if any. */
export function findWithdrawalByKey(db: Database, userId: string, idempotencyKey: string): Promise<WithdrawalRow | null> {
  return queryFirst(
    db.prepare(`${SELECT_WITHDRAWAL} WHERE w.user_id = ? AND w.idempotency_key = ?`).bind(userId, idempotencyKey),
    withdrawalRowSchema,
  );
}

/** The user's withdrawals, newest first; of one currency when given. */
export function listWithdrawals(db: Database, input: { userId: string; currency?: string; limit: number }): Promise<WithdrawalRow[]> {
  return queryAll(
    db
      .prepare(
        `${SELECT_WITHDRAWAL} WHERE w.user_id = ?1 AND (?2 IS NULL OR w.currency = ?2) ORDER BY w.created_at DESC, w.id DESC LIMIT ?3`,
      )
      .bind(input.userId, input.currency ?? null, input.limit),
    withdrawalRowSchema,
  );
}

/** Withdrawals still `verifying` whose 15 minutes are over, oldest first. */
export function listExpiredVerifying(db: Database, now: number, limit: number): Promise<WithdrawalRow[]> {
  return queryAll(
    db
      .prepare(`${SELECT_WITHDRAWAL} WHERE w.status = 'verifying' AND w.expires_at <= ? ORDER BY w.updated_at, w.id LIMIT ?`)
      .bind(now, limit),
    withdrawalRowSchema,
  );
}

/** Withdrawals handed (or to be handed) to the payout rail, least recently looked at first. */
export function listPendingWithdrawals(db: Database, limit: number): Promise<WithdrawalRow[]> {
  return queryAll(
    db.prepare(`${SELECT_WITHDRAWAL} WHERE w.status = 'pending' ORDER BY w.updated_at, w.id LIMIT ?`).bind(limit),
    withdrawalRowSchema,
  );
}

export type WithdrawalMove = {
  withdrawalId: string;
  from: readonly WithdrawalStatus[];
  to: WithdrawalStatus;
  now: number;
  reason?: string | null;
  verifiedAt?: number;
  settledAt?: number;
  railPayoutId?: string | null;
  /** Only while still unexpired (verify) or only once expired (the scheduler's expiry). */
  expiry?: "unexpired" | "expired";
  /** The creator's cancelling call's `page_path` and `trigger`. */
  cancelledFrom?: WithdrawalTracking;
};

/** A status change that happens only from the expected statuses; `meta.changes` says whether it did. */
export function moveWithdrawalStatement(db: Database, move: WithdrawalMove) {
  const expiry = move.expiry === "unexpired" ? "AND expires_at > ?1" : move.expiry === "expired" ? "AND expires_at <= ?1" : "";
  return db
    .prepare(
      `UPDATE withdrawals SET status = ?2, updated_at = ?1, status_reason = COALESCE(?3, status_reason),
         verified_at = COALESCE(?4, verified_at), settled_at = COALESCE(?5, settled_at), rail_payout_id = COALESCE(rail_payout_id, ?6),
         cancel_page_path = COALESCE(?9, cancel_page_path), cancel_trigger = COALESCE(?10, cancel_trigger)
       WHERE id = ?7 AND status IN (SELECT value FROM json_each(?8)) ${expiry}`,
    )
    .bind(
      move.now,
      move.to,
      move.reason ?? null,
      move.verifiedAt ?? null,
      move.settledAt ?? null,
      move.railPayoutId ?? null,
      move.withdrawalId,
      JSON.stringify(move.from),
      move.cancelledFrom?.pagePath ?? null,
      move.cancelledFrom?.trigger ?? null,
    );
}

const wrongCodesSchema = z.object({ wrong_codes: z.number().int() });

/** Counts a wrong code of a withdrawal still verifying; the new count, or null when it is no longer verifying. */
export async function recordWrongCode(db: Database, withdrawalId: string, now: number): Promise<number | null> {
  const row = await queryFirst(
    db
      .prepare(
        `UPDATE withdrawals SET wrong_codes = wrong_codes + 1, updated_at = ? WHERE id = ? AND status = 'verifying' RETURNING wrong_codes`,
      )
      .bind(now, withdrawalId),
    wrongCodesSchema,
  );
  return row?.wrong_codes ?? null;
}

/** The payout rail took the withdrawal: its payout id, kept once. */
export async function recordRailPayout(db: Database, withdrawalId: string, payoutId: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE withdrawals SET rail_payout_id = ?, updated_at = ? WHERE id = ? AND rail_payout_id IS NULL`)
    .bind(payoutId, now, withdrawalId)
    .run();
}

/** A settlement run looked at a pending withdrawal and the rail is still paying: it goes to the back of the queue. */
export async function touchPendingWithdrawal(db: Database, withdrawalId: string, now: number): Promise<void> {
  await db.prepare(`UPDATE withdrawals SET updated_at = ? WHERE id = ? AND status = 'pending'`).bind(now, withdrawalId).run();
}

/** A mailed code went out (the resend limit counts from here). */
export async function recordCodeSent(db: Database, withdrawalId: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE withdrawals SET code_sent_at = ?, updated_at = ? WHERE id = ? AND status = 'verifying'`)
    .bind(now, now, withdrawalId)
    .run();
}
