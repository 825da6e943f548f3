import { z } from "zod";
import { queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/** two_factor_secrets (migration 0005): a user's authenticator secret (encrypted), its replay guard and its lock. */

const secretRowSchema = z
  .object({
    user_id: z.string(),
    secret_encrypted: z.string(),
    created_at: z.number().int(),
    verified_at: z.number().int().nullable(),
    last_used_step: z.number().int().nullable(),
    wrong_attempts: z.number().int(),
    locked_until: z.number().int().nullable(),
  })
  .transform((row) => ({
    userId: row.user_id,
    secretEncrypted: row.secret_encrypted,
    createdAt: row.created_at,
    verifiedAt: row.verified_at,
    lastUsedStep: row.last_used_step,
    wrongAttempts: row.wrong_attempts,
    lockedUntil: row.locked_until,
  }));
export type TwoFactorSecret = z.infer<typeof secretRowSchema>;

export function findTwoFactorSecret(db: Database, userId: string): Promise<TwoFactorSecret | null> {
  return queryFirst(
    db
      .prepare(
        `SELECT user_id, secret_encrypted, created_at, verified_at, last_used_step, wrong_attempts, locked_until
         FROM two_factor_secrets WHERE user_id = ?`,
      )
      .bind(userId),
    secretRowSchema,
  );
}

/**
 * A new set-up (not yet verified) replaces any earlier unverified one; a verified secret is never replaced here
 * (turning two-factor off deletes it first). Returns whether the set-up was stored.
 */
export async function startTwoFactorSetup(db: Database, input: { userId: string; secretEncrypted: string; now: number }): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO two_factor_secrets (user_id, secret_encrypted, created_at, verified_at, last_used_step, wrong_attempts, locked_until)
       VALUES (?, ?, ?, NULL, NULL, 0, NULL)
       ON CONFLICT (user_id) DO UPDATE SET secret_encrypted = excluded.secret_encrypted, created_at = excluded.created_at,
         last_used_step = NULL, wrong_attempts = 0, locked_until = NULL
       WHERE two_factor_secrets.verified_at IS NULL`,
    )
    .bind(input.userId, input.secretEncrypted, input.now)
    .run();
  return result.meta.changes > 0;
}

/**
 * Records an accepted code: its time step becomes the last used one (only if it is later than the last, so two
 * requests with the same code cannot both pass), and the wrong-code count starts again; `meta.changes` says whether
 * it was recorded. `verify` also marks the set-up verified.
 */
export function acceptTwoFactorStepStatement(db: Database, input: { userId: string; step: number; now: number; verify: boolean }) {
  return db
    .prepare(
      `UPDATE two_factor_secrets SET last_used_step = ?, wrong_attempts = 0, locked_until = NULL,
         verified_at = CASE WHEN ? = 1 THEN COALESCE(verified_at, ?) ELSE verified_at END
       WHERE user_id = ? AND (last_used_step IS NULL OR last_used_step < ?) AND (locked_until IS NULL OR locked_until <= ?)`,
    )
    .bind(input.step, input.verify ? 1 : 0, input.now, input.userId, input.step, input.now);
}

/** Resets the wrong-code count after a recovery code was accepted. */
export function clearTwoFactorAttemptsStatement(db: Database, userId: string) {
  return db.prepare(`UPDATE two_factor_secrets SET wrong_attempts = 0, locked_until = NULL WHERE user_id = ?`).bind(userId);
}

/**
 * Counts a wrong code. The `maxWrongAttempts`-th in a row locks checks until `lockUntil` and starts the count again.
 * Returns the count after this one (0 when it locked) and the lock, or null when there is no secret.
 */
export async function recordWrongTwoFactorCode(
  db: Database,
  input: { userId: string; maxWrongAttempts: number; lockUntil: number },
): Promise<{ wrongAttempts: number; lockedUntil: number | null } | null> {
  const row = await queryFirst(
    db
      .prepare(
        `UPDATE two_factor_secrets SET
           locked_until = CASE WHEN wrong_attempts + 1 >= ? THEN ? ELSE locked_until END,
           wrong_attempts = CASE WHEN wrong_attempts + 1 >= ? THEN 0 ELSE wrong_attempts + 1 END
         WHERE user_id = ? RETURNING wrong_attempts, locked_until`,
      )
      .bind(input.maxWrongAttempts, input.lockUntil, input.maxWrongAttempts, input.userId),
    z.object({ wrong_attempts: z.number().int(), locked_until: z.number().int().nullable() }),
  );
  return row === null ? null : { wrongAttempts: row.wrong_attempts, lockedUntil: row.locked_until };
}

export function deleteTwoFactorSecretStatement(db: Database, userId: string) {
  return db.prepare(`DELETE FROM two_factor_secrets WHERE user_id = ?`).bind(userId);
}
