import { z } from "zod";
import { allRows, queryAll, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** Money paid into an advertiser account through the deposit rail (migration 0011). */
const depositRowSchema = z
  .object({
    id: z.string(),
    advertiser_id: z.string(),
    idempotency_key: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    status: z.enum(["pending", "completed", "failed"]),
    failure_reason: z.string().nullable(),
    requested_by: z.string(),
    created_at: z.number(),
    completed_at: z.number().nullable(),
    credited_at: z.number().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    idempotencyKey: row.idempotency_key,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    failureReason: row.failure_reason,
    requestedBy: row.requested_by,
    createdAt: row.created_at,
    completedAt: row.completed_at,
    creditedAt: row.credited_at,
  }));
export type AdvertiserDeposit = z.infer<typeof depositRowSchema>;

/** Inserts once per (account, idempotency key); false when that key was used already. */
export async function insertDeposit(db: Database, deposit: AdvertiserDeposit): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO advertiser_deposits (id, advertiser_id, idempotency_key, amount, currency, status, failure_reason, requested_by,
         created_at, completed_at, credited_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (advertiser_id, idempotency_key) DO NOTHING`,
    )
    .bind(
      deposit.id,
      deposit.advertiserId,
      deposit.idempotencyKey,
      deposit.amount,
      deposit.currency,
      deposit.status,
      deposit.failureReason,
      deposit.requestedBy,
      deposit.createdAt,
      deposit.completedAt,
      deposit.creditedAt,
    )
    .run();
  return result.meta.changes > 0;
}

export function findDepositByKey(db: Database, advertiserId: string, idempotencyKey: string): Promise<AdvertiserDeposit | null> {
  return queryFirst(
    db.prepare(`SELECT * FROM advertiser_deposits WHERE advertiser_id = ? AND idempotency_key = ?`).bind(advertiserId, idempotencyKey),
    depositRowSchema,
  );
}

/** An account's deposits, newest first. */
export function depositsOfAdvertiserQuery(db: Database, advertiserId: string, limit = 100): Query<AdvertiserDeposit[]> {
  return allRows(
    db.prepare(`SELECT * FROM advertiser_deposits WHERE advertiser_id = ? ORDER BY created_at DESC, id LIMIT ?`).bind(advertiserId, limit),
    depositRowSchema,
  );
}

/** Pending deposits, oldest first, for the scheduler to reconcile with the rail. */
export function listPendingDeposits(db: Database, limit: number): Promise<AdvertiserDeposit[]> {
  return queryAll(
    db.prepare(`SELECT * FROM advertiser_deposits WHERE status = 'pending' ORDER BY created_at, id LIMIT ?`).bind(limit),
    depositRowSchema,
  );
}

/** Marks a pending deposit completed and credited, in the batch that posts its ledger entry. */
export function markDepositCreditedStatement(db: Database, depositId: string, completedAt: number, now: number) {
  return db
    .prepare(`UPDATE advertiser_deposits SET status = 'completed', completed_at = ?, credited_at = ? WHERE id = ? AND status = 'pending'`)
    .bind(completedAt, now, depositId);
}

export function markDepositFailedStatement(db: Database, depositId: string, reason: string) {
  return db
    .prepare(`UPDATE advertiser_deposits SET status = 'failed', failure_reason = ? WHERE id = ? AND status = 'pending'`)
    .bind(reason, depositId);
}
