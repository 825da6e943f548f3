import { z } from "zod";
import { queryFirst } from "./query.ts";
import type { Database } from "../database.ts";

/** recovery_codes (migration 0005): a user's two-factor recovery codes, stored as hashes, each spent once. */

/** Replaces the user's recovery codes with these (hashes). */
export function replaceRecoveryCodesStatements(db: Database, userId: string, codeHashes: readonly string[], now: number) {
  return [
    db.prepare(`DELETE FROM recovery_codes WHERE user_id = ?`).bind(userId),
    ...codeHashes.map((hash) =>
      db.prepare(`INSERT INTO recovery_codes (user_id, code_hash, created_at, used_at) VALUES (?, ?, ?, NULL)`).bind(userId, hash, now),
    ),
  ];
}

export function deleteRecoveryCodesStatement(db: Database, userId: string) {
  return db.prepare(`DELETE FROM recovery_codes WHERE user_id = ?`).bind(userId);
}

/** Spends one unused recovery code; true when this call spent it (a used or unknown code is false). */
export async function spendRecoveryCode(db: Database, userId: string, codeHash: string, now: number): Promise<boolean> {
  const result = await db
    .prepare(`UPDATE recovery_codes SET used_at = ? WHERE user_id = ? AND code_hash = ? AND used_at IS NULL`)
    .bind(now, userId, codeHash)
    .run();
  return result.meta.changes > 0;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const row = await queryFirst(
    db.prepare(`SELECT COUNT(*) AS count FROM recovery_codes WHERE user_id = ? AND used_at IS NULL`).bind(userId),
    z.object({ count: z.number().int() }),
  );
  return row?.count ?? 0;
}
