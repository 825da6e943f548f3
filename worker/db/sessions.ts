import { z } from "zod";
import { deletedRowCount, firstRow, mapQuery, queryFirst, type Query } from "./query.ts";
import type { Database } from "../database.ts";

const sessionSchema = z
  .object({
    id: z.string(),
    user_id: z.string(),
    real_user_id: z.string().nullable(),
    cookie_secret_hash: z.string(),
    created_at: z.number(),
    expires_at: z.number(),
    revoked_at: z.number().nullable(),
  })
  .transform((row) => ({
    id: row.id,
    userId: row.user_id,
    realUserId: row.real_user_id,
    cookieSecretHash: row.cookie_secret_hash,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  }));
export type SessionRecord = z.infer<typeof sessionSchema>;

export function insertSessionStatement(
  db: Database,
  session: { id: string; userId: string; realUserId: string | null; cookieSecretHash: string; createdAt: number; expiresAt: number },
) {
  return db
    .prepare(`INSERT INTO sessions (id, user_id, real_user_id, cookie_secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(session.id, session.userId, session.realUserId, session.cookieSecretHash, session.createdAt, session.expiresAt);
}

export function findSession(db: Database, sessionId: string): Promise<SessionRecord | null> {
  return queryFirst(db.prepare(`SELECT * FROM sessions WHERE id = ?`).bind(sessionId), sessionSchema);
}

const revocationSchema = z.object({ revoked_at: z.number().nullable() });

/**
 * Whether the session is still there and not revoked: the only part of a session row that changes after it is
 * written (the rest is remembered per isolate, worker/domain/accounts/sessions.ts).
 */
export function sessionNotRevokedQuery(db: Database, sessionId: string): Query<boolean> {
  return mapQuery(
    firstRow(db.prepare(`SELECT revoked_at FROM sessions WHERE id = ?`).bind(sessionId), revocationSchema),
    (row) => row !== null && row.revoked_at === null,
  );
}

export async function revokeSession(db: Database, sessionId: string, reason: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL`)
    .bind(now, reason, sessionId)
    .run();
}

export function insertRefreshTokenStatement(
  db: Database,
  token: { tokenHash: string; sessionId: string; createdAt: number; expiresAt: number },
) {
  return db
    .prepare(`INSERT INTO refresh_tokens (token_hash, session_id, created_at, expires_at) VALUES (?, ?, ?, ?)`)
    .bind(token.tokenHash, token.sessionId, token.createdAt, token.expiresAt);
}

const spentTokenSchema = z.object({
  session_id: z.string(),
  expires_at: z.number(),
  used_at: z.number().nullable(),
});

/**
 * Marks a refresh token of `sessionId` used, atomically: exactly one caller wins. Returns whether this call spent it
 * and when it was spent; `null` when the session has no such token. Bound to the session, so a refresh token
 * presented with another session's access token is never spent (a stolen token alone cannot burn its session).
 */
export async function spendRefreshToken(
  db: Database,
  token: { tokenHash: string; sessionId: string },
  now: number,
): Promise<{ expiresAt: number; spentNow: boolean; usedAt: number | null } | null> {
  const spent = await db
    .prepare(
      `UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND session_id = ? AND used_at IS NULL
       RETURNING session_id, expires_at, used_at`,
    )
    .bind(now, token.tokenHash, token.sessionId)
    .first();
  if (spent !== null) {
    const row = spentTokenSchema.parse(spent);
    return { expiresAt: row.expires_at, spentNow: true, usedAt: row.used_at };
  }
  const row = await queryFirst(
    db
      .prepare(`SELECT session_id, expires_at, used_at FROM refresh_tokens WHERE token_hash = ? AND session_id = ?`)
      .bind(token.tokenHash, token.sessionId),
    spentTokenSchema,
  );
  return row === null ? null : { expiresAt: row.expires_at, spentNow: false, usedAt: row.used_at };
}

/** Deletes up to `limit` sessions that expired at or before `now`, oldest first (their refresh tokens go with them). */
export async function deleteExpiredSessions(db: Database, now: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM sessions WHERE id IN (SELECT id FROM sessions WHERE expires_at <= ? ORDER BY expires_at LIMIT ?) RETURNING 1 AS deleted`,
      )
      .bind(now, limit),
  );
}

/** Deletes up to `limit` sessions revoked at or before `before`, oldest first (their refresh tokens go with them). */
export async function deleteRevokedSessions(db: Database, before: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM sessions WHERE id IN (
           SELECT id FROM sessions WHERE revoked_at IS NOT NULL AND revoked_at <= ? ORDER BY revoked_at LIMIT ?
         ) RETURNING 1 AS deleted`,
      )
      .bind(before, limit),
  );
}

/** Deletes up to `limit` refresh tokens that expired at or before `now`, spent or not, oldest first. */
export async function deleteExpiredRefreshTokens(db: Database, now: number, limit: number): Promise<number> {
  return deletedRowCount(
    db
      .prepare(
        `DELETE FROM refresh_tokens WHERE token_hash IN (
           SELECT token_hash FROM refresh_tokens WHERE expires_at <= ? ORDER BY expires_at LIMIT ?
         ) RETURNING 1 AS deleted`,
      )
      .bind(now, limit),
  );
}
