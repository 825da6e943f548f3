import { z } from "zod";
import { allRows, queryFirst, runQuery, type Query } from "./query.ts";
import type { Database } from "../database.ts";

/** The table `api_keys` (migration 0009): an advertiser account's ingestion keys, secrets kept only as SHA-256. */

export type ApiKeyRow = {
  id: string;
  advertiserId: string;
  keyId: string;
  secretHash: string;
  label: string;
  createdBy: string;
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

const apiKeyRowSchema = z
  .object({
    id: z.string(),
    advertiser_id: z.string(),
    key_id: z.string(),
    secret_hash: z.string(),
    label: z.string(),
    created_by: z.string(),
    created_at: z.number().int(),
    last_used_at: z.number().int().nullable(),
    revoked_at: z.number().int().nullable(),
  })
  .transform((row): ApiKeyRow => ({
    id: row.id,
    advertiserId: row.advertiser_id,
    keyId: row.key_id,
    secretHash: row.secret_hash,
    label: row.label,
    createdBy: row.created_by,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    revokedAt: row.revoked_at,
  }));

const COLUMNS = "id, advertiser_id, key_id, secret_hash, label, created_by, created_at, last_used_at, revoked_at";

export type NewApiKey = Omit<ApiKeyRow, "lastUsedAt" | "revokedAt">;

export function insertApiKeyStatement(db: Database, key: NewApiKey): D1PreparedStatement {
  return db
    .prepare(`INSERT INTO api_keys (id, advertiser_id, key_id, secret_hash, label, created_by, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`)
    .bind(key.id, key.advertiserId, key.keyId, key.secretHash, key.label, key.createdBy, key.createdAt);
}

export async function insertApiKey(db: Database, key: NewApiKey): Promise<void> {
  await insertApiKeyStatement(db, key).run();
}

/** The account's keys, newest first, revoked ones included. */
export function apiKeysQuery(db: Database, advertiserId: string): Query<ApiKeyRow[]> {
  return allRows(
    db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE advertiser_id = ? ORDER BY created_at DESC, id`).bind(advertiserId),
    apiKeyRowSchema,
  );
}

export function listApiKeys(db: Database, advertiserId: string): Promise<ApiKeyRow[]> {
  return runQuery(apiKeysQuery(db, advertiserId));
}

/** A key by its public key id (the `api-key` header), revoked or not; null when there is none. */
export function findApiKeyByKeyId(db: Database, keyId: string): Promise<ApiKeyRow | null> {
  return queryFirst(db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE key_id = ?`).bind(keyId), apiKeyRowSchema);
}

export function findApiKey(db: Database, advertiserId: string, id: string): Promise<ApiKeyRow | null> {
  return queryFirst(
    db.prepare(`SELECT ${COLUMNS} FROM api_keys WHERE id = ? AND advertiser_id = ?`).bind(id, advertiserId),
    apiKeyRowSchema,
  );
}

/** Revokes one of the account's keys; a key revoked before keeps its first revocation time. */
export async function revokeApiKey(db: Database, advertiserId: string, id: string, now: number): Promise<void> {
  await db
    .prepare(`UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? AND advertiser_id = ?`)
    .bind(now, id, advertiserId)
    .run();
}

/** Marks the key used now, unless that was already done in the last `minIntervalMs` (keeps the hot path to reads). */
export function touchApiKeyStatement(db: Database, id: string, now: number, minIntervalMs: number): D1PreparedStatement {
  return db
    .prepare(`UPDATE api_keys SET last_used_at = ?1 WHERE id = ?2 AND (last_used_at IS NULL OR last_used_at <= ?1 - ?3)`)
    .bind(now, id, minIntervalMs);
}
