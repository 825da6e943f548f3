import type { Clock } from "../../../clock.ts";
import type { Database } from "../../../database.ts";
import { findBlueskyOAuthState } from "../../../db/networks/bluesky/oauth.ts";
import { decryptSecret } from "../../../security/encryption.ts";

/**
 * The app's own state (`appState`) of a Bluesky authorization in progress, by the OAuth client's state value (what
 * the network hands back to the callback); null if unknown or expired.
 */
export async function blueskyAppStateOf(
  { db, clock, encryptionKey }: { db: Database; clock: Clock; encryptionKey: string },
  key: string,
): Promise<string | null> {
  const sealed = await findBlueskyOAuthState(db, key, clock.now());
  if (sealed === null) return null;
  const stored = JSON.parse(await decryptSecret(sealed, encryptionKey)) as { appState?: unknown };
  return typeof stored.appState === "string" ? stored.appState : null;
}
