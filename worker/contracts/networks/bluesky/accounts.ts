import type { NetworkAccounts } from "../rules.ts";
import { BLUESKY_NAME } from "./name.ts";

/**
 * Bluesky's accounts: profiles in Bluesky's web app, and a sign-in that starts from the handle (its server is found
 * from it; docs/decisions/042-bluesky.md).
 */
export const blueskyAccounts: NetworkAccounts = {
  name: BLUESKY_NAME,
  profileUrl: (handle) => `https://bsky.app/profile/${encodeURIComponent(handle)}`,
  signIn: { path: "bluesky", asksForHandle: true, handleExample: "alice.bsky.social" },
};
