import type { Capabilities } from "../../capabilities.ts";
import { API_KEY_ID_PREFIX, API_SECRET_PREFIX, type ApiKey, type CreatedApiKey, type CreateApiKeyBody } from "../../contracts/api-keys.ts";
import { notFound } from "../../contracts/errors.ts";
import { findApiKey, insertApiKey, listApiKeys, revokeApiKey, type ApiKeyRow } from "../../db/api-keys.ts";
import { randomToken, sha256 } from "../../security/tokens.ts";

/**
 * API keys of an advertiser account (docs/decisions/018-conversion-ingestion.md). Every use case takes the account
 * already authorized (the route checks membership first); the secret is 256 random bits shown once, stored as SHA-256.
 */

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

/** An API key as the account sees it (never its secret). */
export function presentApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    keyId: row.keyId,
    label: row.label,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    revokedAt: iso(row.revokedAt),
  };
}

export async function createApiKey(
  caps: Pick<Capabilities, "db" | "clock">,
  advertiserId: string,
  userId: string,
  body: CreateApiKeyBody,
): Promise<CreatedApiKey> {
  const now = caps.clock.now();
  const secret = `${API_SECRET_PREFIX}${randomToken(32)}`;
  const row = {
    id: crypto.randomUUID(),
    advertiserId,
    keyId: `${API_KEY_ID_PREFIX}${randomToken(16)}`,
    secretHash: await sha256(secret),
    label: body.label,
    createdBy: userId,
    createdAt: now,
  };
  await insertApiKey(caps.db, row);
  return { id: row.id, keyId: row.keyId, secret, label: row.label, createdAt: new Date(now).toISOString() };
}

export async function accountApiKeys(caps: Pick<Capabilities, "db">, advertiserId: string): Promise<ApiKey[]> {
  return (await listApiKeys(caps.db, advertiserId)).map(presentApiKey);
}

/** Revokes one of the account's keys at once; the next ingest call with it is refused. 404 for another account's key. */
export async function revokeAccountApiKey(caps: Pick<Capabilities, "db" | "clock">, advertiserId: string, id: string): Promise<ApiKey> {
  const existing = await findApiKey(caps.db, advertiserId, id);
  if (existing === null) throw notFound("There is no API key with this id in this account.");
  await revokeApiKey(caps.db, advertiserId, id, caps.clock.now());
  const revoked = await findApiKey(caps.db, advertiserId, id);
  if (revoked === null) throw notFound("There is no API key with this id in this account.");
  return presentApiKey(revoked);
}
