import type { AuthorizationPurpose } from "../adapter.ts";

/** The scopes Chorus needs to publish for a creator: posting, and uploading the images of a post. */
export const PUBLISH_SCOPES = ["tweet.write", "media.write"] as const;

/** Scopes each purpose asks X for. `offline.access` gives a refresh token. */
export const scopesFor: Record<AuthorizationPurpose, string[]> = {
  "sign-in": ["tweet.read", "users.read", "offline.access"],
  publish: ["tweet.read", "users.read", "offline.access", ...PUBLISH_SCOPES],
};
