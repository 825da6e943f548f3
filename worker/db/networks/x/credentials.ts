import { z } from "zod";
import { queryFirst } from "../../query.ts";
import type { Database } from "../../../database.ts";

const xCredentialsSchema = z
  .object({
    user_id: z.string(),
    scopes: z.string(),
    access_token_encrypted: z.string(),
    refresh_token_encrypted: z.string().nullable(),
    access_expires_at: z.number(),
    updated_at: z.number(),
  })
  .transform((row) => ({
    userId: row.user_id,
    scopes: row.scopes.split(" ").filter((scope) => scope.length > 0),
    accessTokenEncrypted: row.access_token_encrypted,
    refreshTokenEncrypted: row.refresh_token_encrypted,
    accessExpiresAt: row.access_expires_at,
    updatedAt: row.updated_at,
  }));
export type StoredXCredentials = z.infer<typeof xCredentialsSchema>;

export function findXCredentials(db: Database, userId: string): Promise<StoredXCredentials | null> {
  return queryFirst(db.prepare(`SELECT * FROM x_credentials WHERE user_id = ?`).bind(userId), xCredentialsSchema);
}

/**
 * Saves credentials. With `replacing`, only if nobody else replaced them since they were read (X's refresh tokens
 * are single-use, so two concurrent refreshes must not both write). Returns whether the row was written.
 */
export async function saveXCredentials(
  db: Database,
  credentials: Omit<StoredXCredentials, "scopes"> & { scopes: string[] },
  replacing?: { updatedAt: number },
): Promise<boolean> {
  const values = [
    credentials.userId,
    credentials.scopes.join(" "),
    credentials.accessTokenEncrypted,
    credentials.refreshTokenEncrypted,
    credentials.accessExpiresAt,
    credentials.updatedAt,
  ];
  if (replacing === undefined) {
    await db
      .prepare(
        `INSERT INTO x_credentials (user_id, scopes, access_token_encrypted, refresh_token_encrypted, access_expires_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (user_id) DO UPDATE SET scopes = excluded.scopes, access_token_encrypted = excluded.access_token_encrypted,
           refresh_token_encrypted = excluded.refresh_token_encrypted, access_expires_at = excluded.access_expires_at,
           updated_at = excluded.updated_at`,
      )
      .bind(...values)
      .run();
    return true;
  }
  const result = await db
    .prepare(
      `UPDATE x_credentials SET scopes = ?2, access_token_encrypted = ?3, refresh_token_encrypted = ?4, access_expires_at = ?5,
         updated_at = ?6 WHERE user_id = ?1 AND updated_at = ?7`,
    )
    .bind(...values, replacing.updatedAt)
    .run();
  return result.meta.changes === 1;
}
