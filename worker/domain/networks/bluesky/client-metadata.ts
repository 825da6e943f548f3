import { callbackPath, clientMetadataPath } from "../../../contracts/networks/accounts.ts";

/**
 * Chorus as an AT Protocol OAuth client (docs/decisions/042-bluesky.md). On an https origin it is a public web client
 * whose client id is the URL of its metadata document, served at CLIENT_METADATA_PATH of that origin (so each partner
 * domain is a client of its own). On this machine's http origin it is a loopback client, which atproto OAuth defines
 * for development: its client id describes it, nothing is fetched.
 */
export const BLUESKY_CALLBACK_PATH = callbackPath("bluesky");
export const BLUESKY_CLIENT_METADATA_PATH = clientMetadataPath("bluesky");

/** Only what Chorus does: write posts and upload their images (granular scopes, not `transition:generic`). */
export const BLUESKY_SCOPE = "atproto repo:app.bsky.feed.post blob:image/*";

/** Loopback clients must come back to 127.0.0.1 (or [::1]), never to `localhost`. */
export function isLoopbackOrigin(origin: string): boolean {
  const url = new URL(origin);
  return url.protocol === "http:" && (url.hostname === "127.0.0.1" || url.hostname === "[::1]");
}

export type BlueskyClientMetadata = {
  client_id: string;
  client_name?: string;
  client_uri?: string;
  redirect_uris: [string];
  scope: string;
  grant_types: ["authorization_code", "refresh_token"];
  response_types: ["code"];
  token_endpoint_auth_method: "none";
  application_type: "web" | "native";
  dpop_bound_access_tokens: true;
};

export function blueskyClientMetadata(appOrigin: string): BlueskyClientMetadata {
  const redirectUri = `${appOrigin}${BLUESKY_CALLBACK_PATH}`;
  const common = {
    redirect_uris: [redirectUri] as [string],
    scope: BLUESKY_SCOPE,
    grant_types: ["authorization_code", "refresh_token"] as ["authorization_code", "refresh_token"],
    response_types: ["code"] as ["code"],
    token_endpoint_auth_method: "none" as const,
    dpop_bound_access_tokens: true as const,
  };
  if (isLoopbackOrigin(appOrigin)) {
    const query = new URLSearchParams({ redirect_uri: redirectUri, scope: BLUESKY_SCOPE });
    return { client_id: `http://localhost?${query.toString()}`, application_type: "native", ...common };
  }
  return {
    client_id: `${appOrigin}${BLUESKY_CLIENT_METADATA_PATH}`,
    client_name: "Chorus",
    client_uri: appOrigin,
    application_type: "web",
    ...common,
  };
}
