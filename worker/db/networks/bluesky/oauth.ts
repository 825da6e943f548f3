import { z } from "zod";
import type { Database } from "../../../database.ts";
import { queryFirst } from "../../query.ts";

/** The rows behind @atproto/oauth-client's session and state stores (values arrive here already encrypted). */

const sessionRowSchema = z.object({ client_origin: z.string(), session_encrypted: z.string(), version: z.number() });

export async function findBlueskySession(
  db: Database,
  did: string,
): Promise<{ clientOrigin: string; sessionEncrypted: string; version: number } | null> {
  const row = await queryFirst(
    db.prepare(`SELECT client_origin, session_encrypted, version FROM bluesky_oauth_sessions WHERE did = ?`).bind(did),
    sessionRowSchema,
  );
  return row === null ? null : { clientOrigin: row.client_origin, sessionEncrypted: row.session_encrypted, version: row.version };
}

export async function saveBlueskySession(
  db: Database,
  did: string,
  clientOrigin: string,
  sessionEncrypted: string,
  now: number,
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO bluesky_oauth_sessions (did, client_origin, session_encrypted, version, updated_at) VALUES (?, ?, ?, 1, ?)
       ON CONFLICT (did) DO UPDATE SET client_origin = excluded.client_origin, session_encrypted = excluded.session_encrypted,
         version = version + 1, updated_at = excluded.updated_at`,
    )
    .bind(did, clientOrigin, sessionEncrypted, now)
    .run();
}

export async function deleteBlueskySession(db: Database, did: string): Promise<void> {
  await db.prepare(`DELETE FROM bluesky_oauth_sessions WHERE did = ?`).bind(did).run();
}

const stateRowSchema = z.object({ state_encrypted: z.string(), expires_at: z.number() });

export async function saveBlueskyOAuthState(db: Database, key: string, stateEncrypted: string, expiresAt: number): Promise<void> {
  await db
    .prepare(
      `INSERT INTO bluesky_oauth_states (state_key, state_encrypted, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (state_key) DO UPDATE SET state_encrypted = excluded.state_encrypted, expires_at = excluded.expires_at`,
    )
    .bind(key, stateEncrypted, expiresAt)
    .run();
}

/** A state still in time, or null. */
export async function findBlueskyOAuthState(db: Database, key: string, now: number): Promise<string | null> {
  const row = await queryFirst(
    db.prepare(`SELECT state_encrypted, expires_at FROM bluesky_oauth_states WHERE state_key = ?`).bind(key),
    stateRowSchema,
  );
  return row === null || row.expires_at <= now ? null : row.state_encrypted;
}

export async function deleteBlueskyOAuthState(db: Database, key: string): Promise<void> {
  await db.prepare(`DELETE FROM bluesky_oauth_states WHERE state_key = ?`).bind(key).run();
}

/** Deletes up to `limit` states that expired at or before `now`; returns how many. */
export async function deleteExpiredBlueskyOAuthStates(db: Database, now: number, limit: number): Promise<number> {
  const result = await db
    .prepare(
      `DELETE FROM bluesky_oauth_states WHERE state_key IN (
         SELECT state_key FROM bluesky_oauth_states WHERE expires_at <= ? ORDER BY expires_at LIMIT ?)`,
    )
    .bind(now, limit)
    .run();
  return result.meta.changes;
}
