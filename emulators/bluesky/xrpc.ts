import { findAccount, type EmulatorContext } from "./context.ts";
import { header, jsonObject, jsonReply, xrpcError, type EmulatorRequest, type Reply } from "./http.ts";
import { cidOf, nextTid } from "./ids.ts";
import { postCountsAt } from "./metrics.ts";
import { findLivePost } from "./post-index.ts";
import type { WriteKind } from "./rate-limit.ts";
import type { BlueskyAccount, BlueskyPost, BlueskyToken } from "./state.ts";

/**
 * The XRPC methods Chorus uses, with Bluesky's field names and errors. This one server is the user's PDS and, for
 * reads without a session, the public app view (public.api.bsky.app) and the PLC directory.
 */
export const POST_COLLECTION = "app.bsky.feed.post";
export const MAX_POST_GRAPHEMES = 300;
export const MAX_POST_BYTES = 3000;
export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 1_000_000;
export const MAX_GET_POSTS_URIS = 25;

const graphemes = new Intl.Segmenter("en", { granularity: "grapheme" });
export function graphemeLength(text: string): number {
  return [...graphemes.segment(text)].length;
}

// ---- identity -------------------------------------------------------------------------------------------------

export function didDocument(context: EmulatorContext, account: BlueskyAccount) {
  return {
    "@context": ["https://www.w3.org/ns/did/v1", "https://w3id.org/security/multikey/v1"],
    id: account.did,
    alsoKnownAs: [`at://${account.handle}`],
    verificationMethod: [],
    service: [{ id: "#atproto_pds", type: "AtprotoPersonalDataServer", serviceEndpoint: context.origin() }],
  };
}

/** GET /{did}: the PLC directory's answer for an account of this PDS. */
export function plcDocument(context: EmulatorContext, did: string): Reply {
  const account = context.state.accounts.find((candidate) => candidate.did === did);
  if (account === undefined) return jsonReply(404, { message: `DID not registered: ${did}` });
  return { ...jsonReply(200, didDocument(context, account)), headers: { "content-type": "application/did+ld+json" } };
}

export function resolveHandle(request: EmulatorRequest, context: EmulatorContext): Reply {
  const handle = request.url.searchParams.get("handle");
  if (handle === null || handle === "") return xrpcError(400, "InvalidRequest", 'Error: Params must have the property "handle"');
  const account = findAccount(context.state, handle);
  if (account === undefined) return xrpcError(400, "InvalidRequest", "Unable to resolve handle");
  return jsonReply(200, { did: account.did });
}

export function describeServer(context: EmulatorContext): Reply {
  const host = new URL(context.origin()).host;
  return jsonReply(200, {
    did: `did:web:${host.replace(":", "%3A")}`,
    availableUserDomains: [".bsky.test"],
    inviteCodeRequired: false,
    phoneVerificationRequired: false,
    links: {},
  });
}

// ---- sessions -------------------------------------------------------------------------------------------------

type Authorized = { token: BlueskyToken; account: BlueskyAccount };

function unauthorized(context: EmulatorContext, error: string, message: string, wwwAuthenticate: string): Reply {
  return xrpcError(401, error, message, { "WWW-Authenticate": wwwAuthenticate, "DPoP-Nonce": context.dpop.nonce() });
}

/** Checks `Authorization: DPoP <token>` and its proof; answers the failure as a PDS does (the client retries a nonce). */
export async function authorizeCall(request: EmulatorRequest, context: EmulatorContext): Promise<Authorized | Reply> {
  const authorization = header(request, "authorization") ?? "";
  if (authorization === "") return unauthorized(context, "AuthenticationRequired", "Authentication Required", 'DPoP algs="ES256"');
  const [scheme, value = ""] = authorization.split(" ", 2);
  if (scheme !== "DPoP") return unauthorized(context, "InvalidToken", "Unexpected authorization type", 'DPoP algs="ES256"');
  const token = context.state.tokens.find((candidate) => candidate.accessToken === value);
  const url = `${context.origin()}${request.url.pathname}`;
  const verdict = await context.dpop.verify(header(request, "dpop"), request.method, url, value);
  if (!verdict.ok) {
    return unauthorized(
      context,
      verdict.error,
      verdict.message,
      `DPoP algs="ES256", error="${verdict.error}", error_description="${verdict.message}"`,
    );
  }
  if (token === undefined) {
    return unauthorized(
      context,
      "InvalidToken",
      "Token could not be verified",
      'DPoP algs="ES256", error="invalid_token", error_description="Token could not be verified"',
    );
  }
  if (token.accessExpiresAt <= context.now()) {
    return unauthorized(
      context,
      "InvalidToken",
      '"exp" claim timestamp check failed',
      'DPoP algs="ES256", error="invalid_token", error_description="\\"exp\\" claim timestamp check failed"',
    );
  }
  if (token.dpopJkt !== verdict.jkt) {
    return unauthorized(
      context,
      "InvalidToken",
      "DPoP key mismatch",
      'DPoP algs="ES256", error="invalid_token", error_description="DPoP key mismatch"',
    );
  }
  const account = context.state.accounts.find((candidate) => candidate.did === token.did);
  if (account === undefined) return xrpcError(400, "AccountNotFound", "Account not found");
  return { token, account };
}

function mayWrite(token: BlueskyToken, collection: string): boolean {
  const scopes = token.scope.split(" ");
  return scopes.includes("transition:generic") || scopes.includes(`repo:${collection}`) || scopes.includes("repo:*");
}

function mayUploadBlob(token: BlueskyToken): boolean {
  const scopes = token.scope.split(" ");
  return scopes.includes("transition:generic") || scopes.some((scope) => scope.startsWith("blob:"));
}

export function getSession(authorized: Authorized, context: EmulatorContext): Reply {
  const { account } = authorized;
  return jsonReply(200, { did: account.did, handle: account.handle, active: true, didDoc: didDocument(context, account) });
}

// ---- writes ---------------------------------------------------------------------------------------------------

function spendWritePoints(
  context: EmulatorContext,
  did: string,
  kind: WriteKind,
): { refusal: Reply | null; headers: Record<string, string> } {
  const decision = context.limiter.take(did, kind);
  return {
    refusal: decision.allowed ? null : xrpcError(429, "RateLimitExceeded", "Rate Limit Exceeded", decision.headers),
    headers: decision.headers,
  };
}

function invalidRecord(message: string): Reply {
  return xrpcError(400, "InvalidRequest", `Invalid ${POST_COLLECTION} record: ${message}`);
}

/** The lexicon checks of app.bsky.feed.post that matter to Chorus: text length, facets' byte ranges, images. */
function checkPost(record: Record<string, unknown>, did: string, context: EmulatorContext): string | null {
  const text = record.text;
  if (typeof text !== "string") return 'Record must have the property "text"';
  if (graphemeLength(text) > MAX_POST_GRAPHEMES) return `Record/text must not be longer than ${MAX_POST_GRAPHEMES} graphemes`;
  const byteLength = Buffer.byteLength(text, "utf8");
  if (byteLength > MAX_POST_BYTES) return `Record/text must not be longer than ${MAX_POST_BYTES} characters`;
  if (typeof record.createdAt !== "string" || Number.isNaN(Date.parse(record.createdAt)))
    return "Record/createdAt must be an valid atproto datetime";
  const facets = record.facets ?? [];
  if (!Array.isArray(facets)) return "Record/facets must be an array";
  for (const [index, facet] of facets.entries()) {
    const range = (facet as { index?: { byteStart?: unknown; byteEnd?: unknown } } | null)?.index;
    const start = range?.byteStart;
    const end = range?.byteEnd;
    if (typeof start !== "number" || typeof end !== "number" || start < 0 || end <= start || end > byteLength) {
      return `Record/facets/${index}/index must lie within the text's bytes`;
    }
    const features = (facet as { features?: unknown }).features;
    if (!Array.isArray(features) || features.length === 0) return `Record/facets/${index}/features must be a non-empty array`;
  }
  const embed = record.embed;
  if (embed !== undefined) {
    const images = (embed as { $type?: unknown; images?: unknown }).images;
    if ((embed as { $type?: unknown }).$type !== "app.bsky.embed.images" || !Array.isArray(images))
      return "Record/embed must be app.bsky.embed.images";
    if (images.length > MAX_IMAGES) return `Record/embed/images must not have more than ${MAX_IMAGES} elements`;
    for (const [index, image] of images.entries()) {
      const blob = (image as { image?: { ref?: { $link?: unknown }; size?: unknown } } | null)?.image;
      const cid = blob?.ref?.$link;
      const stored = context.state.blobs.find((candidate) => candidate.cid === cid && candidate.did === did);
      if (stored === undefined) return `Record/embed/images/${index}/image could not find blob`;
      if (stored.size > MAX_IMAGE_BYTES) return `Record/embed/images/${index}/image file too large. ${MAX_IMAGE_BYTES} bytes maximum`;
      if (typeof (image as { alt?: unknown }).alt !== "string") return `Record/embed/images/${index} must have the property "alt"`;
    }
  }
  return null;
}

function revision(context: EmulatorContext): string {
  return nextTid(context.now());
}

export async function createRecord(request: EmulatorRequest, context: EmulatorContext, authorized: Authorized): Promise<Reply> {
  const body = jsonObject(request);
  if (body === null) return xrpcError(400, "InvalidRequest", "Request body must be a JSON object");
  const { repo, collection, record } = body;
  if (repo !== authorized.account.did && repo !== authorized.account.handle)
    return xrpcError(400, "InvalidRequest", "Input/repo must be the session's account");
  if (collection !== POST_COLLECTION) return xrpcError(400, "InvalidRequest", `Unsupported collection: ${String(collection)}`);
  if (!mayWrite(authorized.token, collection)) return xrpcError(403, "ScopeMissingError", `Missing required scope "repo:${collection}"`);
  if (typeof record !== "object" || record === null || Array.isArray(record))
    return xrpcError(400, "InvalidRequest", 'Input must have the property "record"');
  const fields = record as Record<string, unknown>;
  if (fields.$type !== undefined && fields.$type !== collection) return invalidRecord("Record/$type must be app.bsky.feed.post");
  const problem = checkPost(fields, authorized.account.did, context);
  if (problem !== null) return invalidRecord(problem);
  const { refusal, headers } = spendWritePoints(context, authorized.account.did, "create");
  if (refusal !== null) return refusal;
  const rkey = typeof body.rkey === "string" && body.rkey !== "" ? body.rkey : nextTid(context.now());
  const uri = `at://${authorized.account.did}/${collection}/${rkey}`;
  if (context.state.posts.some((post) => post.uri === uri && post.deletedAt === null))
    return xrpcError(400, "InvalidRequest", "Record already exists");
  const stored = { $type: collection, ...fields };
  const cid = cidOf(Buffer.from(JSON.stringify(stored)), "dag-cbor");
  context.state.posts.push({ uri, cid, did: authorized.account.did, rkey, record: stored, indexedAt: context.now(), deletedAt: null });
  await context.save();
  return jsonReply(
    200,
    { uri, cid, commit: { cid: cidOf(Buffer.from(`${uri}:${cid}`), "dag-cbor"), rev: revision(context) }, validationStatus: "valid" },
    headers,
  );
}

export async function deleteRecord(request: EmulatorRequest, context: EmulatorContext, authorized: Authorized): Promise<Reply> {
  const body = jsonObject(request);
  if (body === null) return xrpcError(400, "InvalidRequest", "Request body must be a JSON object");
  const { repo, collection, rkey } = body;
  if (repo !== authorized.account.did && repo !== authorized.account.handle)
    return xrpcError(400, "InvalidRequest", "Input/repo must be the session's account");
  if (typeof collection !== "string" || typeof rkey !== "string")
    return xrpcError(400, "InvalidRequest", 'Input must have the properties "collection" and "rkey"');
  if (!mayWrite(authorized.token, collection)) return xrpcError(403, "ScopeMissingError", `Missing required scope "repo:${collection}"`);
  const { refusal, headers } = spendWritePoints(context, authorized.account.did, "delete");
  if (refusal !== null) return refusal;
  const uri = `at://${authorized.account.did}/${collection}/${rkey}`;
  // Deleting a record that is not there succeeds, as on a PDS.
  for (const post of context.state.posts) if (post.uri === uri && post.deletedAt === null) post.deletedAt = context.now();
  await context.save();
  return jsonReply(200, { commit: { cid: cidOf(Buffer.from(`${uri}:deleted`), "dag-cbor"), rev: revision(context) } }, headers);
}

export async function uploadBlob(request: EmulatorRequest, context: EmulatorContext, authorized: Authorized): Promise<Reply> {
  if (!mayUploadBlob(authorized.token)) return xrpcError(403, "ScopeMissingError", 'Missing required scope "blob:*/*"');
  const mimeType = (header(request, "content-type") ?? "").split(";")[0]?.trim() ?? "";
  if (mimeType === "" || mimeType === "*/*") return xrpcError(400, "InvalidRequest", "Content-Type header is required");
  if (request.bytes.length === 0) return xrpcError(400, "InvalidRequest", "Request body is empty");
  const cid = cidOf(request.bytes, "raw");
  context.state.blobs.push({ cid, did: authorized.account.did, mimeType, size: request.bytes.length, createdAt: context.now() });
  await context.save();
  return jsonReply(200, { blob: { $type: "blob", ref: { $link: cid }, mimeType, size: request.bytes.length } });
}

// ---- reads ----------------------------------------------------------------------------------------------------

function profileBasic(context: EmulatorContext, account: BlueskyAccount) {
  return {
    did: account.did,
    handle: account.handle,
    displayName: account.displayName,
    avatar: `${context.origin()}/emulator/avatars/${account.did}.svg`,
    labels: [],
    createdAt: new Date(account.createdAt).toISOString(),
  };
}

function postView(context: EmulatorContext, post: BlueskyPost, author: BlueskyAccount) {
  return {
    uri: post.uri,
    cid: post.cid,
    author: profileBasic(context, author),
    record: post.record,
    ...postCountsAt(post.uri, post.indexedAt, context.now()),
    indexedAt: new Date(post.indexedAt).toISOString(),
    labels: [],
  };
}

/** app.bsky.feed.getPosts: up to 25 AT URIs (by DID or handle); posts that are gone are left out, as the app view does. */
export function getPosts(request: EmulatorRequest, context: EmulatorContext): Reply {
  const uris = request.url.searchParams.getAll("uris");
  if (uris.length === 0) return xrpcError(400, "InvalidRequest", 'Error: Params must have the property "uris"');
  if (uris.length > MAX_GET_POSTS_URIS)
    return xrpcError(400, "InvalidRequest", `Error: uris must not have more than ${MAX_GET_POSTS_URIS} elements`);
  const posts = [];
  for (const uri of uris) {
    const match = /^at:\/\/([^/]+)\/([^/]+)\/([^/]+)$/.exec(uri);
    if (match === null) return xrpcError(400, "InvalidRequest", `Error: uris/${uris.indexOf(uri)} must be a valid at-uri`);
    const [, authority = "", collection, rkey] = match;
    const author = findAccount(context.state, authority);
    if (author === undefined) continue;
    const post = collection === POST_COLLECTION && rkey !== undefined ? findLivePost(context.state.posts, author.did, rkey) : undefined;
    if (post !== undefined) posts.push(postView(context, post, author));
  }
  return jsonReply(200, { posts });
}

/** com.atproto.repo.listRecords: an account's posts, newest first (by record key), public as on a PDS. */
export function listRecords(request: EmulatorRequest, context: EmulatorContext): Reply {
  const repo = request.url.searchParams.get("repo") ?? "";
  const collection = request.url.searchParams.get("collection") ?? "";
  const limit = Number(request.url.searchParams.get("limit") ?? "50");
  if (!Number.isInteger(limit) || limit < 1 || limit > 100)
    return xrpcError(400, "InvalidRequest", "Error: limit must be an integer from 1 to 100");
  const account = findAccount(context.state, repo);
  if (account === undefined) return xrpcError(400, "InvalidRequest", `Could not find repo: ${repo}`);
  const records = context.state.posts
    .filter((post) => post.did === account.did && collection === POST_COLLECTION && post.deletedAt === null)
    .sort((a, b) => (a.rkey < b.rkey ? 1 : -1))
    .slice(0, limit)
    .map((post) => ({ uri: post.uri, cid: post.cid, value: post.record }));
  return jsonReply(200, { records });
}

export function getProfile(request: EmulatorRequest, context: EmulatorContext): Reply {
  const actor = request.url.searchParams.get("actor");
  if (actor === null || actor === "") return xrpcError(400, "InvalidRequest", 'Error: Params must have the property "actor"');
  const account = findAccount(context.state, actor);
  if (account === undefined) return xrpcError(400, "InvalidRequest", "Profile not found");
  const postsCount = context.state.posts.filter((post) => post.did === account.did && post.deletedAt === null).length;
  return jsonReply(200, {
    ...profileBasic(context, account),
    description: "",
    followersCount: Math.floor((context.now() - account.createdAt) / (60 * 60 * 1000)) + 10,
    followsCount: 42,
    postsCount,
    indexedAt: new Date(account.createdAt).toISOString(),
  });
}

export function methodNotImplemented(): Reply {
  return xrpcError(501, "MethodNotImplemented", "Method Not Implemented");
}
