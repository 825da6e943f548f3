import { z } from "zod";
import { deletedRowCount, queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/** one_time_codes (migration 0005): mailed codes and their links, stored only as hashes. */

export const codePurposeSchema = z.enum(["email-change", "withdrawal"]);
export type CodePurpose = z.infer<typeof codePurposeSchema>;

const codeRowSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    purpose: codePurposeSchema,
    subject_id: z.string(),
    target: z.string().nullable(),
    code_salt: z.string(),
    code_hash: z.string(),
    wrong_attempts: z.number().int(),
    created_at: z.number().int(),
    expires_at: z.number().int(),
    used_at: z.number().int().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    userId: row.user_id,
    purpose: row.purpose,
    subjectId: row.subject_id,
    target: row.target,
    codeSalt: row.code_salt,
    codeHash: row.code_hash,
    wrongAttempts: row.wrong_attempts,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    usedAt: row.used_at,
  }));
export type StoredCode = z.infer<typeof codeRowSchema>;

const columns = `id, user_id, purpose, subject_id, target, code_salt, code_hash, wrong_attempts, created_at, expires_at, used_at`;

export type NewCode = {
  id: string;
  userId: string;
  purpose: CodePurpose;
  subjectId: string;
  target: string | null;
  codeSalt: string;
  codeHash: string;
  linkTokenHash: string;
  createdAt: number;
  expiresAt: number;
};

/**
 * Stores a new code for (user, purpose, subject), replacing the previous one, unless the previous one was sent after
 * `notSentAfter` (the resend limit). One statement, so two requests at once cannot both send a code. Returns whether
 * the code was stored.
 */
export async function replaceCode(db: Database, code: NewCode, notSentAfter: number): Promise<boolean> {
  const result = await db
    .prepare(
      `INSERT INTO one_time_codes (id, user_id, purpose, subject_id, target, code_salt, code_hash, link_token_hash, wrong_attempts, created_at, expires_at, used_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, NULL)
       ON CONFLICT (user_id, purpose, subject_id) DO UPDATE SET
         id = excluded.id, target = excluded.target, code_salt = excluded.code_salt, code_hash = excluded.code_hash,
         link_token_hash = excluded.link_token_hash, wrong_attempts = 0, created_at = excluded.created_at,
         expires_at = excluded.expires_at, used_at = NULL
       WHERE one_time_codes.created_at <= ?`,
    )
    .bind(
      code.id,
      code.userId,
      code.purpose,
      code.subjectId,
      code.target,
      code.codeSalt,
      code.codeHash,
      code.linkTokenHash,
      code.createdAt,
      code.expiresAt,
      notSentAfter,
    )
    .run();
  return result.meta.changes > 0;
}

export function findCode(db: Database, key: { userId: string; purpose: CodePurpose; subjectId: string }): Promise<StoredCode | null> {
  return queryFirst(
    db
      .prepare(`SELECT ${columns} FROM one_time_codes WHERE user_id = ? AND purpose = ? AND subject_id = ?`)
      .bind(key.userId, key.purpose, key.subjectId),
    codeRowSchema,
  );
}

export function findCodeByLinkTokenHash(db: Database, linkTokenHash: string): Promise<StoredCode | null> {
  return queryFirst(db.prepare(`SELECT ${columns} FROM one_time_codes WHERE link_token_hash = ?`).bind(linkTokenHash), codeRowSchema);
}

/**
 * Spends a code: only a live one (not used, not expired, not locked) is marked used, and only once, however many
 * requests race for it. Returns whether this call spent it.
 */
export async function spendCode(db: Database, id: string, input: { now: number; maxWrongAttempts: number }): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE one_time_codes SET used_at = ? WHERE id = ? AND used_at IS NULL AND expires_at > ? AND wrong_attempts < ?`)
    .bind(input.now, id, input.now, input.maxWrongAttempts)
    .run();
  return result.meta.changes > 0;
}

/** Counts one wrong code against a live code; returns the new count, or null when the code is no longer live. */
export async function recordWrongCode(db: Database, id: string, maxWrongAttempts: number): Promise<number | null> {
  const row = await queryFirst(
    db
      .prepare(
        `UPDATE one_time_codes SET wrong_attempts = wrong_attempts + 1
         WHERE id = ? AND used_at IS NULL AND wrong_attempts < ? RETURNING wrong_attempts`,
      )
      .bind(id, maxWrongAttempts),
    z.object({ wrong_attempts: z.number().int() }),
  );
  return row?.wrong_attempts ?? null;
}

/** Forgets the code of (user, purpose, subject), e.g. one whose e-mail could not be sent. */
export async function deleteCode(db: Database, key: { userId: string; purpose: CodePurpose; subjectId: string }): Promise<void> {
  await db
    .prepare(`DELETE FROM one_time_codes WHERE user_id = ? AND purpose = ? AND subject_id = ?`)
    .bind(key.userId, key.purpose, key.subjectId)
    .run();
}

/** Deletes up to `limit` codes that expired at or before `before`, used or not, oldest first. */
export async function deleteExpiredCodes(db: Database, before: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM one_time_codes WHERE id IN (SELECT id FROM one_time_codes WHERE expires_at <= ? ORDER BY expires_at LIMIT ?) RETURNING 1 AS deleted`,
      )
      .bind(before, limit),
  );
}
