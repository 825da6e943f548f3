import * as kit from "../shared/http.ts";
import type { Reply } from "../shared/http.ts";

export { header, withHeaders, type EmulatorRequest, type Reply } from "../shared/http.ts";

export const MAX_BODY_BYTES = 1024 * 1024;
/** A media upload carries an image of up to 5 MB plus the multipart framing around it. */
export const MAX_MEDIA_BODY_BYTES = 5 * 1024 * 1024 + 64 * 1024;

// X marks its API answers as never cacheable, in its own words.
const noStore = { "cache-control": "no-cache, no-store, max-age=0" };

export function jsonReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return kit.jsonReply(status, value, { ...noStore, ...headers });
}

/** X answers API errors as RFC 7807 problem documents. */
export function problemReply(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return kit.jsonReply(status, value, { "content-type": "application/problem+json", ...noStore, ...headers });
}

export function htmlReply(status: number, markup: string): Reply {
  return kit.htmlReply(status, markup, noStore);
}

export function redirectReply(location: string): Reply {
  return kit.redirectReply(302, location, noStore);
}
