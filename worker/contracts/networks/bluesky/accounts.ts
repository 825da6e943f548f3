import type { NetworkAccounts } from "../rules.ts";
import { BLUESKY_NAME } from "./name.ts";

/**
 * Bluesky's accounts: profiles in Bluesky's web app, and a sign-in that starts from the handle (its server is found
 * from it; docs/decisions/042-bluesky.md).
 */
export const blueskyAccounts: NetworkAccounts = {
  name: BLUESKY_NAME,
  profileUrl: (handle) => `https://bsky.app/profile/${encodeURIComponent(handle)}`,
  // A domain name: labels of letters, digits and inner dashes, at least two of them, 253 characters at most.
  handle: {
    pattern: /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/,
    description: "a domain name such as alice.bsky.social",
  },
  signIn: { path: "bluesky", asksForHandle: true, handleExample: "alice.bsky.social" },
};
