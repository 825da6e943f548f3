import { z } from "zod";
import { queryFirst } from "./query.ts";

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
  db: D1Database,
  session: { id: string; userId: string; realUserId: string | null; cookieSecretHash: string; createdAt: number; expiresAt: number },
) {
  return db
    .prepare(`INSERT INTO sessions (id, user_id, real_user_id, cookie_secret_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)`)
    .bind(session.id, session.userId, session.realUserId, session.cookieSecretHash, session.createdAt, session.expiresAt);
}

export function findSession(db: D1Database, sessionId: string): Promise<SessionRecord | null> {
  return queryFirst(db.prepare(`SELECT * FROM sessions WHERE id = ?`).bind(sessionId), sessionSchema);
}

export async function revokeSession(db: D1Database, sessionId: string, reason: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE sessions SET revoked_at = ?, revoked_reason = ? WHERE id = ? AND revoked_at IS NULL`)
    .bind(now, reason, sessionId)
    .run();
}

export function insertRefreshTokenStatement(
  db: D1Database,
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
 * Marks a refresh token used, atomically: exactly one caller wins. Returns the token's session and whether this
 * call spent it; `null` when no such token exists.
 */
export async function spendRefreshToken(
  db: D1Database,
  tokenHash: string,
  now: number,
): Promise<{ sessionId: string; expiresAt: number; spentNow: boolean; usedAt: number | null } | null> {
  const spent = await db
    .prepare(`UPDATE refresh_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL RETURNING session_id, expires_at, used_at`)
    .bind(now, tokenHash)
    .first();
  if (spent !== null) {
    const row = spentTokenSchema.parse(spent);
    return { sessionId: row.session_id, expiresAt: row.expires_at, spentNow: true, usedAt: row.used_at };
  }
  const row = await queryFirst(
    db.prepare(`SELECT session_id, expires_at, used_at FROM refresh_tokens WHERE token_hash = ?`).bind(tokenHash),
    spentTokenSchema,
  );
  return row === null ? null : { sessionId: row.session_id, expiresAt: row.expires_at, spentNow: false, usedAt: row.used_at };
}
