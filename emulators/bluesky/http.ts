import * as kit from "../shared/http.ts";
import type { Reply } from "../shared/http.ts";

export { formFields, header, htmlReply, jsonObject, withHeaders, type EmulatorRequest, type Reply } from "../shared/http.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
/** uploadBlob takes images up to 1,000,000 bytes (app.bsky.embed.images); a little more is read to say so clearly. */
export const MAX_BLOB_BODY_BYTES = 2 * 1024 * 1024;

/** Browsers (the OAuth client of a web app may be one) call the PDS across origins, as they do bsky.social's. */
const cors = {
  "access-control-allow-origin": "*",
  "access-control-expose-headers": "DPoP-Nonce, WWW-Authenticate, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, RateLimit-Policy",
};

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return kit.jsonReply(status, value, { ...cors, ...headers });
}

/** An XRPC error as atproto services answer them: `{ error, message }`. */
export function xrpcError(status: number, error: string, message: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error, message }, headers);
}

/** An OAuth error (RFC 6749 section 5.2). */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Reply {
  return jsonReply(status, { error, error_description: description }, headers);
}

export function redirectReply(location: string): Reply {
  return kit.redirectReply(303, location);
}
