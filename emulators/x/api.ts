import { createHash } from "node:crypto";
import { findAccountByUsername, profileImageUrl, type EmulatorContext } from "./context.ts";
import { header, jsonReply, problemReply, withHeaders, type EmulatorRequest, type Reply } from "./http.ts";
import { nextSnowflake } from "./ids.ts";
import { publicMetricsAt } from "./metrics.ts";
import type { RateLimitedEndpoint } from "./rate-limit.ts";
import type { XAccount, XMedia, XTweet } from "./state.ts";
import { findLiveTweet } from "./tweet-index.ts";
import { MAX_TWEET_LENGTH, shortenLinks, tweetEntities, weightedLength } from "./tweet-text.ts";

/** The API v2 endpoints, with X's authentication, scopes, rate limits and error bodies. */

type Caller = { kind: "user"; account: XAccount; scopes: string[] } | { kind: "app" };
type Headers = Record<string, string>;

const UNAUTHORIZED = { title: "Unauthorized", type: "about:blank", status: 401, detail: "Unauthorized" };
const TOO_MANY_REQUESTS = { title: "Too Many Requests", detail: "Too Many Requests", type: "about:blank", status: 429 };
const APP_ONLY_FORBIDDEN = {
  title: "Unsupported Authentication",
  detail:
    "Authenticating with OAuth 2.0 Application-Only is forbidden for this endpoint.  Supported authentication types are [OAuth 1.0a User Context, OAuth 2.0 User Context].",
  type: "https://api.twitter.com/2/problems/unsupported-authentication",
  status: 403,
};
const DUPLICATE_CONTENT = {
  detail: "You are not allowed to create a Tweet with duplicate content.",
  type: "about:blank",
  title: "Forbidden",
  status: 403,
};

function invalidRequest(message: string, parameters?: Record<string, string[]>, headers: Headers = {}): Reply {
  return problemReply(
    400,
    {
      errors: [{ ...(parameters === undefined ? {} : { parameters }), message }],
      title: "Invalid Request",
      detail: "One or more parameters to your request was invalid.",
      type: "https://api.twitter.com/2/problems/invalid-request",
    },
    headers,
  );
}

function authenticate(request: EmulatorRequest, context: EmulatorContext): Caller | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(request, "authorization") ?? "");
  const presented = match?.[1];
  if (presented === undefined) return null;
  if (context.appBearerToken !== undefined && presented === context.appBearerToken) return { kind: "app" };
  const now = context.now();
  const token = context.state.accessTokens.find((candidate) => candidate.token === presented && candidate.expiresAt > now);
  const account = token && context.state.accounts.find((candidate) => candidate.id === token.accountId);
  return token && account ? { kind: "user", account, scopes: token.scopes } : null;
}

type Gate = { reply: Reply } | { caller: Caller; headers: Headers };

/** Authentication, then the rate limit (so every answer from here on carries its headers), then the scopes. */
function gate(request: EmulatorRequest, context: EmulatorContext, endpoint: RateLimitedEndpoint, scopes: string[]): Gate {
  const caller = authenticate(request, context);
  if (caller === null) return { reply: problemReply(401, UNAUTHORIZED) };
  const decision = context.limiter.take(endpoint, caller.kind === "app" ? "app" : caller.account.id);
  if (!decision.allowed) return { reply: problemReply(429, TOO_MANY_REQUESTS, decision.headers) };
  if (caller.kind === "user") {
    const missing = scopes.filter((scope) => !caller.scopes.includes(scope));
    if (missing.length > 0) {
      const body = {
        title: "Unsupported Authentication",
        detail: `Your access token lacks the OAuth 2.0 scopes this endpoint requires: ${missing.join(", ")}.`,
        type: "https://api.twitter.com/2/problems/unsupported-authentication",
        status: 403,
      };
      return { reply: problemReply(403, body, decision.headers) };
    }
  }
  return { caller, headers: decision.headers };
}

/** Reads a `*.fields` parameter; X refuses any name it does not know. */
function requestedFields(request: EmulatorRequest, parameter: string, known: readonly string[]): Set<string> | Reply {
  const value = request.url.searchParams.get(parameter);
  if (value === null) return new Set();
  const names = value.split(",").filter((name) => name.length > 0);
  const unknown = names.find((name) => !known.includes(name));
  if (unknown !== undefined) {
    return invalidRequest(`The \`${parameter}\` query parameter value [${unknown}] is not one of [${known.join(",")}]`, {
      [parameter]: [value],
    });
  }
  return new Set(names);
}

const USER_FIELDS = [
  "affiliation",
  "connection_status",
  "created_at",
  "description",
  "entities",
  "id",
  "location",
  "most_recent_tweet_id",
  "name",
  "pinned_tweet_id",
  "profile_banner_url",
  "profile_image_url",
  "protected",
  "public_metrics",
  "receives_your_dm",
  "subscription_type",
  "url",
  "username",
  "verified",
  "verified_type",
  "withheld",
] as const;

const TWEET_FIELDS = [
  "article",
  "attachments",
  "author_id",
  "card_uri",
  "community_id",
  "context_annotations",
  "conversation_id",
  "created_at",
  "display_text_range",
  "edit_controls",
  "edit_history_tweet_ids",
  "entities",
  "geo",
  "id",
  "in_reply_to_user_id",
  "lang",
  "media_metadata",
  "non_public_metrics",
  "note_tweet",
  "organic_metrics",
  "paid_partnership",
  "possibly_sensitive",
  "promoted_metrics",
  "public_metrics",
  "referenced_tweets",
  "reply_settings",
  "scopes",
  "source",
  "text",
  "withheld",
] as const;

const isoTime = (at: number) => new Date(at).toISOString();
const liveTweets = (context: EmulatorContext) => context.state.tweets.filter((tweet) => tweet.deletedAt === null);

/** GET /2/users/me */
export function usersMe(request: EmulatorRequest, context: EmulatorContext): Reply {
  const gated = gate(request, context, "users.me", ["tweet.read", "users.read"]);
  if ("reply" in gated) return gated.reply;
  const { caller, headers } = gated;
  if (caller.kind === "app") return problemReply(403, APP_ONLY_FORBIDDEN, headers);
  const fields = requestedFields(request, "user.fields", USER_FIELDS);
  if (!(fields instanceof Set)) return withHeaders(fields, headers);
  const { account } = caller;
  const own = liveTweets(context).filter((tweet) => tweet.authorId === account.id);
  const data = {
    id: account.id,
    name: account.name,
    username: account.username,
    ...(fields.has("created_at") ? { created_at: isoTime(account.createdAt) } : {}),
    ...(fields.has("description") ? { description: "" } : {}),
    ...(fields.has("profile_image_url") ? { profile_image_url: profileImageUrl(context, account) } : {}),
    ...(fields.has("protected") ? { protected: false } : {}),
    ...(fields.has("verified") ? { verified: false } : {}),
    ...(fields.has("public_metrics")
      ? { public_metrics: { followers_count: 0, following_count: 0, tweet_count: own.length, listed_count: 0, like_count: 0 } }
      : {}),
  };
  return jsonReply(200, { data }, headers);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const TWEET_ID = /^[0-9]{1,19}$/;

/** POST /2/tweets */
export async function createTweet(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const gated = gate(request, context, "tweets.create", ["tweet.read", "tweet.write", "users.read"]);
  if ("reply" in gated) return gated.reply;
  const { caller, headers } = gated;
  if (caller.kind === "app") return problemReply(403, APP_ONLY_FORBIDDEN, headers);

  let body: unknown;
  try {
    body = JSON.parse(request.body);
  } catch {
    return invalidRequest("The request body is not valid JSON.", undefined, headers);
  }
  if (!isRecord(body)) return invalidRequest("The request body must be a JSON object.", undefined, headers);
  const { text = "", media, paid_partnership: paidPartnership = false } = body;
  if (typeof text !== "string") return invalidRequest("`text` must be a string.", { text: [String(text)] }, headers);
  if (typeof paidPartnership !== "boolean") {
    return invalidRequest("`paid_partnership` must be a boolean.", { paid_partnership: [String(paidPartnership)] }, headers);
  }
  let mediaIds: string[] = [];
  if (media !== undefined) {
    const ids = isRecord(media) ? media.media_ids : undefined;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 4 || !ids.every((id) => typeof id === "string" && TWEET_ID.test(id))) {
      return invalidRequest("`media.media_ids` must hold 1 to 4 media ids (numeric strings).", undefined, headers);
    }
    mediaIds = ids.filter((id) => typeof id === "string");
    const now = context.now();
    const usable = mediaIds.map((id) =>
      context.state.media.find((media) => media.id === id && media.accountId === caller.account.id && media.expiresAt > now),
    );
    if (usable.some((media) => media === undefined)) {
      return invalidRequest("Your media IDs are invalid.", { "media.media_ids": mediaIds }, headers);
    }
    if (mediaIds.length > 1 && usable.some((media) => media?.mediaType === "image/gif")) {
      return invalidRequest("An animated GIF can not be combined with other media.", { "media.media_ids": mediaIds }, headers);
    }
  }
  if (text.trim() === "" && mediaIds.length === 0) {
    return invalidRequest("A post needs text or media.", { text: [text] }, headers);
  }
  const length = weightedLength(text);
  if (length > MAX_TWEET_LENGTH) {
    return invalidRequest(
      `The text is too long: ${length} characters counted, at most ${MAX_TWEET_LENGTH} are allowed.`,
      { text: [text] },
      headers,
    );
  }
  const { account } = caller;
  const duplicate = text !== "" && liveTweets(context).some((tweet) => tweet.authorId === account.id && tweet.sourceText === text);
  if (duplicate) return problemReply(403, DUPLICATE_CONTENT, headers);

  const now = context.now();
  const id = nextSnowflake(context.state, now);
  const shortened = shortenLinks(text, id);
  const tweet: XTweet = {
    id,
    authorId: account.id,
    text: shortened.text,
    sourceText: text,
    urls: shortened.urls,
    mediaIds,
    createdAt: now,
    deletedAt: null,
    paidPartnership,
  };
  context.state.tweets.push(tweet);
  await context.save();
  return jsonReply(201, { data: { id, text: tweet.text, edit_history_tweet_ids: [id] } }, headers);
}

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const MEDIA_EXPIRY_SECONDS = 24 * 60 * 60;
const IMAGE_CATEGORIES = ["tweet_image", "tweet_gif", "dm_image", "dm_gif"];

/** The image type of an upload by its first bytes, as X decides it (the declared type is only checked against it). */
function imageTypeOf(bytes: Uint8Array): string | null {
  const at = (offset: number, expected: number[]) => expected.every((byte, index) => bytes[offset + index] === byte);
  const text = (value: string) => Array.from(value, (character) => character.charCodeAt(0));
  if (at(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (at(0, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (at(0, text("GIF87a")) || at(0, text("GIF89a"))) return "image/gif";
  if (at(0, text("RIFF")) && at(8, text("WEBP"))) return "image/webp";
  return null;
}

type Upload = { bytes: Uint8Array; category: string; declaredType: string | null };

/** The upload's fields: multipart with the file as raw bytes, or JSON with the file base64-encoded. */
async function readUpload(request: EmulatorRequest): Promise<Upload | string> {
  const contentType = header(request, "content-type") ?? "";
  const optional = (value: unknown) => (typeof value === "string" && value !== "" ? value : null);
  if (/^multipart\/form-data/i.test(contentType)) {
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(request.bytes ?? Buffer.from(request.body)), {
        headers: { "content-type": contentType },
      }).formData();
    } catch {
      return "The multipart body could not be read.";
    }
    const media = form.get("media");
    if (media === null) return "The `media` field is missing.";
    if (typeof media === "string") return "The `media` field must be a file part carrying the raw bytes.";
    return {
      bytes: new Uint8Array(await media.arrayBuffer()),
      category: optional(form.get("media_category")) ?? "",
      declaredType: optional(form.get("media_type")),
    };
  }
  if (/^application\/json/i.test(contentType)) {
    let body: unknown;
    try {
      body = JSON.parse(request.body);
    } catch {
      return "The request body is not valid JSON.";
    }
    if (!isRecord(body) || typeof body.media !== "string") return "The `media` field is missing.";
    return {
      bytes: new Uint8Array(Buffer.from(body.media, "base64")),
      category: optional(body.media_category) ?? "",
      declaredType: optional(body.media_type),
    };
  }
  return "The request must be multipart/form-data or application/json.";
}

/** POST /2/media/upload (the one-shot upload: one image in one request). */
export async function uploadMedia(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const gated = gate(request, context, "media.upload", ["media.write"]);
  if ("reply" in gated) return gated.reply;
  const { caller, headers } = gated;
  if (caller.kind === "app") return problemReply(403, APP_ONLY_FORBIDDEN, headers);

  const upload = await readUpload(request);
  if (typeof upload === "string") return invalidRequest(upload, undefined, headers);
  if (!IMAGE_CATEGORIES.includes(upload.category)) {
    return invalidRequest(
      `The \`media_category\` value [${upload.category}] is not one of [${IMAGE_CATEGORIES.join(",")}] (this emulator takes images only).`,
      { media_category: [upload.category] },
      headers,
    );
  }
  if (upload.bytes.length === 0) return invalidRequest("The media is empty.", undefined, headers);
  if (upload.bytes.length > MAX_IMAGE_BYTES) {
    return invalidRequest(`File size exceeds ${MAX_IMAGE_BYTES} bytes.`, undefined, headers);
  }
  const mediaType = imageTypeOf(upload.bytes);
  if (mediaType === null) return invalidRequest("media type unrecognized.", undefined, headers);
  if (upload.declaredType !== null && upload.declaredType !== mediaType) {
    return invalidRequest(
      `The \`media_type\` [${upload.declaredType}] does not match the file (${mediaType}).`,
      { media_type: [upload.declaredType] },
      headers,
    );
  }
  if (upload.category.endsWith("_gif") !== (mediaType === "image/gif")) {
    return invalidRequest(
      `The \`media_category\` [${upload.category}] does not fit a ${mediaType} file.`,
      { media_category: [upload.category] },
      headers,
    );
  }

  const now = context.now();
  const media: XMedia = {
    id: nextSnowflake(context.state, now),
    accountId: caller.account.id,
    mediaType,
    category: upload.category,
    size: upload.bytes.length,
    sha256: createHash("sha256").update(upload.bytes).digest("hex"),
    createdAt: now,
    expiresAt: now + MEDIA_EXPIRY_SECONDS * 1000,
  };
  context.state.media.push(media);
  await context.save();
  return jsonReply(
    200,
    { data: { id: media.id, media_key: `3_${media.id}`, size: media.size, expires_after_secs: MEDIA_EXPIRY_SECONDS } },
    headers,
  );
}

/** DELETE /2/tweets/:id */
export async function deleteTweet(request: EmulatorRequest, context: EmulatorContext, id: string): Promise<Reply> {
  const gated = gate(request, context, "tweets.delete", ["tweet.read", "tweet.write", "users.read"]);
  if ("reply" in gated) return gated.reply;
  const { caller, headers } = gated;
  if (caller.kind === "app") return problemReply(403, APP_ONLY_FORBIDDEN, headers);
  if (!TWEET_ID.test(id)) return invalidRequest(`The \`id\` query parameter value [${id}] is not valid`, { id: [id] }, headers);
  const tweet = findLiveTweet(context.state.tweets, id);
  if (tweet === undefined) {
    const body = {
      title: "Not Found Error",
      detail: `Could not find tweet with id: [${id}].`,
      type: "https://api.twitter.com/2/problems/resource-not-found",
      status: 404,
    };
    return problemReply(404, body, headers);
  }
  if (tweet.authorId !== caller.account.id) {
    const body = { title: "Forbidden", type: "about:blank", status: 403, detail: "You are not authorized to delete this Tweet." };
    return problemReply(403, body, headers);
  }
  tweet.deletedAt = context.now();
  await context.save();
  return jsonReply(200, { data: { deleted: true } }, headers);
}

const MAX_LOOKUP_IDS = 100;

/** GET /2/tweets?ids=… */
export function lookupTweets(request: EmulatorRequest, context: EmulatorContext): Reply {
  const gated = gate(request, context, "tweets.lookup", ["tweet.read", "users.read"]);
  if ("reply" in gated) return gated.reply;
  const { headers } = gated;
  const raw = request.url.searchParams.get("ids") ?? "";
  const ids = [...new Set(raw.split(",").filter((id) => id.length > 0))];
  if (ids.length === 0) return invalidRequest("The `ids` query parameter can not be empty", { ids: [raw] }, headers);
  if (ids.length > MAX_LOOKUP_IDS) {
    return invalidRequest(
      `The number of values in the \`ids\` query parameter list [${ids.length}] is not between 1 and ${MAX_LOOKUP_IDS}`,
      { ids: [raw] },
      headers,
    );
  }
  const malformed = ids.find((id) => !TWEET_ID.test(id));
  if (malformed !== undefined) {
    return invalidRequest(`The \`ids\` query parameter value [${malformed}] is not valid`, { ids: [malformed] }, headers);
  }
  const fields = requestedFields(request, "tweet.fields", TWEET_FIELDS);
  if (!(fields instanceof Set)) return withHeaders(fields, headers);

  const now = context.now();
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, string>[] = [];
  for (const id of ids) {
    const tweet = findLiveTweet(context.state.tweets, id);
    if (tweet === undefined) {
      errors.push({
        value: id,
        detail: `Could not find tweet with ids: [${id}].`,
        title: "Not Found Error",
        resource_type: "tweet",
        parameter: "ids",
        resource_id: id,
        type: "https://api.twitter.com/2/problems/resource-not-found",
      });
      continue;
    }
    data.push(tweetData(context, tweet, fields, now));
  }
  return jsonReply(200, { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) }, headers);
}

const MIN_TIMELINE_RESULTS = 5;
const MAX_TIMELINE_RESULTS = 100;

/** The fields of a post as X answers them, with what `tweet.fields` asked for. */
function tweetData(context: EmulatorContext, tweet: XTweet, fields: Set<string>, now: number): Record<string, unknown> {
  const accountIdByUsername = (username: string) => findAccountByUsername(context.state, username)?.id;
  const entities = fields.has("entities") ? tweetEntities(tweet.text, tweet.urls, accountIdByUsername) : undefined;
  return {
    id: tweet.id,
    text: tweet.text,
    edit_history_tweet_ids: [tweet.id],
    ...(fields.has("author_id") ? { author_id: tweet.authorId } : {}),
    ...(fields.has("created_at") ? { created_at: isoTime(tweet.createdAt) } : {}),
    ...(fields.has("conversation_id") ? { conversation_id: tweet.id } : {}),
    ...(fields.has("public_metrics") ? { public_metrics: publicMetricsAt(tweet.id, tweet.createdAt, now) } : {}),
    ...(fields.has("paid_partnership") ? { paid_partnership: tweet.paidPartnership === true } : {}),
    ...(entities === undefined ? {} : { entities }),
    ...(fields.has("attachments") && tweet.mediaIds.length > 0
      ? { attachments: { media_keys: tweet.mediaIds.map((mediaId) => `3_${mediaId}`) } }
      : {}),
  };
}

/**
 * GET /2/users/:id/tweets — a user's posts, newest first, optionally from `start_time` on; `max_results` 5 to 100
 * (default 10), paged with `pagination_token` (the id of the last post of the previous page, as an opaque token).
 */
export function userTweets(request: EmulatorRequest, context: EmulatorContext, userId: string): Reply {
  const gated = gate(request, context, "users.tweets", ["tweet.read", "users.read"]);
  if ("reply" in gated) return gated.reply;
  const { headers } = gated;
  const params = request.url.searchParams;
  if (!TWEET_ID.test(userId)) return invalidRequest(`The \`id\` query parameter value [${userId}] is not valid`, { id: [userId] }, headers);
  const rawMax = params.get("max_results") ?? "10";
  const maxResults = Number(rawMax);
  if (!Number.isInteger(maxResults) || maxResults < MIN_TIMELINE_RESULTS || maxResults > MAX_TIMELINE_RESULTS) {
    return invalidRequest(
      `The \`max_results\` query parameter value [${rawMax}] is not between ${MIN_TIMELINE_RESULTS} and ${MAX_TIMELINE_RESULTS}`,
      { max_results: [rawMax] },
      headers,
    );
  }
  const rawStart = params.get("start_time");
  const startTime = rawStart === null ? null : Date.parse(rawStart);
  if (startTime !== null && !Number.isFinite(startTime)) {
    return invalidRequest(
      `The \`start_time\` query parameter value [${rawStart}] is not a valid RFC 3339 time`,
      { start_time: [rawStart ?? ""] },
      headers,
    );
  }
  const fields = requestedFields(request, "tweet.fields", TWEET_FIELDS);
  if (!(fields instanceof Set)) return withHeaders(fields, headers);
  if (!context.state.accounts.some((account) => account.id === userId)) {
    const body = {
      errors: [
        {
          value: userId,
          detail: `Could not find user with id: [${userId}].`,
          title: "Not Found Error",
          resource_type: "user",
          parameter: "id",
          resource_id: userId,
          type: "https://api.twitter.com/2/problems/resource-not-found",
        },
      ],
    };
    return jsonReply(200, body, headers);
  }

  const newestFirst = liveTweets(context)
    .filter((tweet) => tweet.authorId === userId && (startTime === null || tweet.createdAt >= startTime))
    .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
  const after = params.get("pagination_token");
  const from = after === null ? 0 : newestFirst.findIndex((tweet) => tweet.id === after) + 1;
  const page = newestFirst.slice(from, from + maxResults);
  const now = context.now();
  const last = page.at(-1);
  const meta = {
    result_count: page.length,
    ...(page.length > 0 ? { newest_id: page[0]?.id, oldest_id: last?.id } : {}),
    ...(last !== undefined && from + maxResults < newestFirst.length ? { next_token: last.id } : {}),
  };
  return jsonReply(
    200,
    { ...(page.length > 0 ? { data: page.map((tweet) => tweetData(context, tweet, fields, now)) } : {}), meta },
    headers,
  );
}

/** Any other path under /2/. */
export function unknownEndpoint(): Reply {
  return problemReply(404, {
    title: "Not Found Error",
    detail: "Sorry, that page does not exist.",
    type: "https://api.twitter.com/2/problems/resource-not-found",
    status: 404,
  });
}
