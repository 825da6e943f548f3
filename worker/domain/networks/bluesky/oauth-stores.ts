import { JoseKey } from "@atproto/jwk-jose";
import type { InternalStateData, Session, SessionStore, StateStore } from "@atproto/oauth-client";
import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../database.ts";
import {
  deleteBlueskyOAuthState,
  deleteBlueskySession,
  findBlueskyOAuthState,
  findBlueskySession,
  saveBlueskyOAuthState,
  saveBlueskySession,
} from "../../../db/networks/bluesky/oauth.ts";
import { decryptSecret, encryptSecret } from "../../../security/encryption.ts";

/**
 * @atproto/oauth-client's two stores in D1. Both hold a DPoP private key, so both are encrypted with
 * TOKEN_ENCRYPTION_KEY. A key is kept as its private JWK and rebuilt with jose (WebCrypto under workerd).
 */
export const BLUESKY_STATE_TTL_MS = 10 * 60 * 1000;

type StoredKey = { dpopJwk: Record<string, unknown> };

function privateJwkOf(key: { privateJwk?: unknown }): Record<string, unknown> {
  if (typeof key.privateJwk !== "object" || key.privateJwk === null)
    throw new Error("A DPoP key without its private part cannot be stored");
  return key.privateJwk as Record<string, unknown>;
}

async function keyFrom(jwk: Record<string, unknown>) {
  return JoseKey.fromJWK(jwk);
}

export type BlueskyStoreDeps = { db: Database; clock: Clock; encryptionKey: string };

/** Sessions granted to the client of `clientOrigin` (a session is refreshed by the client it was granted to). */
export function blueskySessionStore({ db, clock, encryptionKey }: BlueskyStoreDeps, clientOrigin: string): SessionStore {
  return {
    async get(did) {
      const row = await findBlueskySession(db, did);
      if (row === null) return undefined;
      const stored = JSON.parse(await decryptSecret(row.sessionEncrypted, encryptionKey)) as StoredKey & Omit<Session, "dpopKey">;
      const { dpopJwk, ...rest } = stored;
      return { ...rest, dpopKey: await keyFrom(dpopJwk) };
    },
    async set(did, session) {
      const { dpopKey, ...rest } = session;
      const sealed = await encryptSecret(JSON.stringify({ ...rest, dpopJwk: privateJwkOf(dpopKey) }), encryptionKey);
      await saveBlueskySession(db, did, clientOrigin, sealed, clock.now());
    },
    async del(did) {
      await deleteBlueskySession(db, did);
    },
  };
}

/** The origin of the client a session was granted to, or null without a session. */
export async function blueskySessionOrigin(db: Database, did: string): Promise<string | null> {
  return (await findBlueskySession(db, did))?.clientOrigin ?? null;
}

export function blueskyStateStore({ db, clock, encryptionKey }: BlueskyStoreDeps): StateStore {
  return {
    async get(key) {
      const sealed = await findBlueskyOAuthState(db, key, clock.now());
      if (sealed === null) return undefined;
      const stored = JSON.parse(await decryptSecret(sealed, encryptionKey)) as StoredKey & Omit<InternalStateData, "dpopKey">;
      const { dpopJwk, ...rest } = stored;
      return { ...rest, dpopKey: await keyFrom(dpopJwk) };
    },
    async set(key, state) {
      const { dpopKey, ...rest } = state;
      const sealed = await encryptSecret(JSON.stringify({ ...rest, dpopJwk: privateJwkOf(dpopKey) }), encryptionKey);
      await saveBlueskyOAuthState(db, key, sealed, clock.now() + BLUESKY_STATE_TTL_MS);
    },
    async del(key) {
      await deleteBlueskyOAuthState(db, key);
    },
  };
}
