import { type } from "arktype";
import { InvalidStateError } from "../shared/json-state-file.ts";

/**
 * Everything the Bluesky stand-in remembers between runs: accounts (each its own repo on this PDS), posts, uploaded
 * blobs, OAuth requests and tokens. Tokens are kept in plain text: it is a local stand-in.
 */
const account = type({ did: "string", handle: "string", displayName: "string", createdAt: "number" });

const post = type({
  uri: "string",
  cid: "string",
  did: "string",
  rkey: "string",
  /** The record as the client wrote it (text, facets, embed, langs, createdAt), as getPosts returns it. */
  record: "Record<string, unknown>",
  indexedAt: "number",
  deletedAt: "number | null",
});

const blob = type({ cid: "string", did: "string", mimeType: "string", size: "number", createdAt: "number" });

/** A pushed authorization request (PAR), then, once the user approves, the code it was exchanged for. */
const authorizationRequest = type({
  requestUri: "string",
  clientId: "string",
  redirectUri: "string",
  scope: "string",
  state: "string",
  codeChallenge: "string",
  dpopJkt: "string",
  loginHint: "string | null",
  responseMode: "'query' | 'fragment'",
  expiresAt: "number",
  code: "string | null",
  did: "string | null",
});

const token = type({
  accessToken: "string",
  refreshToken: "string",
  clientId: "string",
  did: "string",
  scope: "string",
  dpopJkt: "string",
  accessExpiresAt: "number",
  refreshExpiresAt: "number",
});

export const blueskyState = type({
  version: "1",
  accounts: account.array(),
  posts: post.array(),
  blobs: blob.array(),
  requests: authorizationRequest.array(),
  tokens: token.array(),
});

export type BlueskyAccount = typeof account.infer;
export type BlueskyPost = typeof post.infer;
export type BlueskyBlob = typeof blob.infer;
export type AuthorizationRequest = typeof authorizationRequest.infer;
export type BlueskyToken = typeof token.infer;
export type BlueskyState = typeof blueskyState.infer;

export function emptyState(): BlueskyState {
  return { version: 1, accounts: [], posts: [], blobs: [], requests: [], tokens: [] };
}

export function parseState(value: unknown): BlueskyState {
  const parsed = blueskyState(value);
  if (parsed instanceof type.errors) throw new InvalidStateError(parsed.summary);
  return parsed;
}

/** Drops what can never be used again, so the state file does not grow without end. */
export function pruneExpired(state: BlueskyState, now: number): void {
  state.requests = state.requests.filter((request) => request.expiresAt > now);
  state.tokens = state.tokens.filter((token) => token.refreshExpiresAt > now);
  // An uploaded blob not used by a post within six hours is garbage-collected, as a PDS does.
  const used = new Set(state.posts.flatMap((post) => blobCidsOf(post.record)));
  state.blobs = state.blobs.filter((blob) => used.has(blob.cid) || blob.createdAt > now - 6 * 60 * 60 * 1000);
}

/** The blob CIDs a post record refers to (its images). */
export function blobCidsOf(record: Record<string, unknown>): string[] {
  const embed = record.embed;
  if (typeof embed !== "object" || embed === null || !("images" in embed) || !Array.isArray(embed.images)) return [];
  return embed.images.flatMap((image: unknown) => {
    if (typeof image !== "object" || image === null || !("image" in image)) return [];
    const ref = (image.image as { ref?: { $link?: unknown } } | null)?.ref?.$link;
    return typeof ref === "string" ? [ref] : [];
  });
}
