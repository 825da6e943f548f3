import { timingSafeEqual } from "node:crypto";

/** The one OAuth client (the app) the emulator knows, registered at start as in X's developer portal. */
export type RegisteredClient = {
  id: string;
  secret: string;
  redirectUris: string[];
  /** Also accept any http callback on localhost, 127.0.0.1 or *.localhost, whatever the port or path. */
  allowLocalRedirects: boolean;
};

/** The OAuth 2.0 scopes X knows. */
export const KNOWN_SCOPES = new Set([
  "tweet.read",
  "tweet.write",
  "tweet.moderate.write",
  "users.email",
  "users.read",
  "follows.read",
  "follows.write",
  "offline.access",
  "space.read",
  "mute.read",
  "mute.write",
  "like.read",
  "like.write",
  "list.read",
  "list.write",
  "block.read",
  "block.write",
  "bookmark.read",
  "bookmark.write",
  "media.write",
  "dm.read",
  "dm.write",
]);

function isLocalHostname(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]" || hostname.endsWith(".localhost");
}

export function redirectUriAllowed(client: RegisteredClient, redirectUri: string): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  if (!client.allowLocalRedirects) return false;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  return url.protocol === "http:" && isLocalHostname(url.hostname) && url.hash === "" && url.username === "" && url.password === "";
}

function sameSecret(expected: string, actual: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(actual);
  return a.length === b.length && timingSafeEqual(a, b);
}

function formDecode(value: string): string | null {
  try {
    return decodeURIComponent(value.replace(/\+/g, " "));
  } catch {
    return null;
  }
}

/**
 * Checks `Authorization: Basic base64(client_id:client_secret)`. RFC 6749 §2.3.1 form-encodes both parts before
 * joining them, so they are decoded here.
 */
export function basicAuthMatches(client: RegisteredClient, authorization: string | undefined): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? "");
  if (match?.[1] === undefined) return false;
  const decoded = Buffer.from(match[1], "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return false;
  const id = formDecode(decoded.slice(0, colon));
  const secret = formDecode(decoded.slice(colon + 1));
  return id === client.id && secret !== null && sameSecret(client.secret, secret);
}
