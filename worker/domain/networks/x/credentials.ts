import type { Clock } from "../../../clock.ts";
import type { XClient, XTokenSet } from "./client.ts";
import { findXCredentials, saveXCredentials } from "../../../db/networks/x/credentials.ts";
import { decryptSecret, encryptSecret } from "../../../security/encryption.ts";
import type { Database } from "../../../database.ts";

type Deps = { db: Database; clock: Clock; encryptionKey: string };

/** Refresh a minute early, so a token never expires between our check and X's. */
const EXPIRY_MARGIN = 60_000;

/**
 * Keeps X's tokens for a user, encrypted. A sign-in that grants fewer scopes (a read login after the write login)
 * does not replace credentials that can do more while those can still be refreshed.
 */
export async function storeXTokens({ db, clock, encryptionKey }: Deps, userId: string, tokens: XTokenSet): Promise<void> {
  const existing = await findXCredentials(db, userId);
  const losesScopes = existing !== null && existing.scopes.some((scope) => !tokens.scopes.includes(scope));
  if (losesScopes && existing.refreshTokenEncrypted !== null) return;
  const now = clock.now();
  await saveXCredentials(db, {
    userId,
    scopes: tokens.scopes,
    accessTokenEncrypted: await encryptSecret(tokens.accessToken, encryptionKey),
    refreshTokenEncrypted: tokens.refreshToken === null ? null : await encryptSecret(tokens.refreshToken, encryptionKey),
    accessExpiresAt: now + tokens.expiresInSeconds * 1000,
    updatedAt: now,
  });
}

export class MissingXAccessError extends Error {
  /** The scope the user never granted; null when no usable X access is stored at all. */
  readonly missingScope: string | null;

  constructor(missingScope: string | null) {
    super(missingScope === null ? "No X access stored for this user" : `X access lacks the ${missingScope} scope`);
    this.name = "MissingXAccessError";
    this.missingScope = missingScope;
  }
}

/**
 * A usable X access token for the user, refreshed through X when it has expired. Returns null-safe errors:
 * MissingXAccessError when the user never granted what is needed.
 */
export async function freshXAccessToken(deps: Deps & { xClient: XClient }, userId: string, requiredScope?: string): Promise<string> {
  const { db, clock, encryptionKey, xClient } = deps;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const stored = await findXCredentials(db, userId);
    if (stored === null) throw new MissingXAccessError(null);
    if (requiredScope !== undefined && !stored.scopes.includes(requiredScope)) throw new MissingXAccessError(requiredScope);
    if (stored.accessExpiresAt - EXPIRY_MARGIN > clock.now()) return decryptSecret(stored.accessTokenEncrypted, encryptionKey);
    if (stored.refreshTokenEncrypted === null) throw new MissingXAccessError(null);
    const tokens = await xClient.refresh(await decryptSecret(stored.refreshTokenEncrypted, encryptionKey));
    const now = clock.now();
    const written = await saveXCredentials(
      db,
      {
        userId,
        scopes: tokens.scopes,
        accessTokenEncrypted: await encryptSecret(tokens.accessToken, encryptionKey),
        refreshTokenEncrypted:
          tokens.refreshToken === null ? stored.refreshTokenEncrypted : await encryptSecret(tokens.refreshToken, encryptionKey),
        accessExpiresAt: now + tokens.expiresInSeconds * 1000,
        updatedAt: Math.max(now, stored.updatedAt + 1),
      },
      { updatedAt: stored.updatedAt },
    );
    if (written) return tokens.accessToken;
    // Another request refreshed first; read what it stored.
  }
  throw new Error("Could not refresh the X access token");
}
