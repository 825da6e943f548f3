import { deleteExpiredBlueskyOAuthStates } from "../../../db/networks/bluesky/oauth.ts";
import type { NetworkAdapter, NetworkDeps } from "../adapter.ts";
import { blueskyAppStateOf } from "./app-state.ts";
import { blueskyClientMetadata } from "./client-metadata.ts";

/**
 * The parts of Bluesky's sign-in that need neither the OAuth client nor the lexicons, shared by the adapter and its
 * lazy stand-in (docs/decisions/042-bluesky.md).
 */
export function blueskySignIn(
  deps: NetworkDeps,
): Pick<NetworkAdapter, "callbackState" | "signInStartUrl" | "clientMetadata" | "sweepExpiredSignIns"> {
  return {
    // Chorus's state travels inside the OAuth client's own, as its `appState`.
    callbackState: (params) => blueskyAppStateOf(deps, params.get("state") ?? ""),
    // On this machine Chorus is a loopback OAuth client, whose callbacks atproto sends to 127.0.0.1 only: a sign-in
    // started on `localhost` moves there first, so that its browser-binding cookie is on the host the callback reaches.
    signInStartUrl(url) {
      if (url.protocol !== "http:" || url.hostname !== "localhost") return null;
      const moved = new URL(url);
      moved.hostname = "127.0.0.1";
      return moved.toString();
    },
    clientMetadata: (origin) => blueskyClientMetadata(origin),
    // The OAuth client keeps its own state for each sign-in (with a DPoP key); abandoned ones go too.
    sweepExpiredSignIns: (now, limit) => deleteExpiredBlueskyOAuthStates(deps.db, now, limit),
  };
}
