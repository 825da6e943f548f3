import type { EmulatorContext } from "./context.ts";
import { jsonReply, type EmulatorRequest, type Reply } from "./http.ts";
import type { RateLimitedEndpoint } from "./rate-limit.ts";
import { defaultRateLimits } from "./rate-limit.ts";
import { findLiveTweet } from "./tweet-index.ts";
import { shortenLinks } from "./tweet-text.ts";

/**
 * The emulator's controls, for tests and for trying the app by hand: what happens on X outside the app. They are not
 * X's API (X has no such endpoints); each answers `{ data }` or `{ error }` with a 404 or 400.
 *
 * - `POST /emulator/tweets/:id/paid-partnership` with `{ "paid_partnership": false }` takes X's label off a post (as
 *   its author can on X), `true` puts it back;
 * - `POST /emulator/tweets/:id/text` with `{ "text": "…" }` edits a post's text (as X's edit button does);
 * - `POST /emulator/tweets/:id/age` with `{ "hours": 48 }` makes a post that much older, as if the time had passed on X:
 *   its public metrics are then those of a post that old (they grow with a post's age);
 * - `POST /emulator/rate-limits/exhaust` with `{ "username": "…", "endpoint": "tweets.lookup" }` uses up that user's
 *   current 15-minute window of the endpoint, so the next call answers 429 with `x-rate-limit-reset`.
 */

const notFound = (what: string): Reply => jsonReply(404, { error: `${what} not found` });
const badRequest = (message: string): Reply => jsonReply(400, { error: message });

function jsonObject(request: EmulatorRequest): Record<string, unknown> | null {
  try {
    const body: unknown = JSON.parse(request.body);
    return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const liveTweet = (context: EmulatorContext, id: string) => findLiveTweet(context.state.tweets, id);

export async function setPaidPartnership(request: EmulatorRequest, context: EmulatorContext, tweetId: string): Promise<Reply> {
  const tweet = liveTweet(context, tweetId);
  if (tweet === undefined) return notFound(`post ${tweetId}`);
  const body = jsonObject(request);
  if (typeof body?.paid_partnership !== "boolean") return badRequest("paid_partnership must be true or false");
  tweet.paidPartnership = body.paid_partnership;
  await context.save();
  return jsonReply(200, { data: { id: tweet.id, paid_partnership: tweet.paidPartnership } });
}

export async function editText(request: EmulatorRequest, context: EmulatorContext, tweetId: string): Promise<Reply> {
  const tweet = liveTweet(context, tweetId);
  if (tweet === undefined) return notFound(`post ${tweetId}`);
  const body = jsonObject(request);
  if (typeof body?.text !== "string" || body.text.trim() === "") return badRequest("text must be a non-empty string");
  const shortened = shortenLinks(body.text, tweet.id);
  tweet.text = shortened.text;
  tweet.sourceText = body.text;
  tweet.urls = shortened.urls;
  await context.save();
  return jsonReply(200, { data: { id: tweet.id, text: tweet.text } });
}

const HOUR = 60 * 60 * 1000;
/** The most a post can be aged at once: a year. */
const MAX_AGE_HOURS = 24 * 366;

export async function agePost(request: EmulatorRequest, context: EmulatorContext, tweetId: string): Promise<Reply> {
  const tweet = liveTweet(context, tweetId);
  if (tweet === undefined) return notFound(`post ${tweetId}`);
  const hours = jsonObject(request)?.hours;
  if (typeof hours !== "number" || !Number.isInteger(hours) || hours < 1 || hours > MAX_AGE_HOURS)
    return badRequest(`hours must be a whole number from 1 to ${MAX_AGE_HOURS}`);
  tweet.createdAt -= hours * HOUR;
  await context.save();
  return jsonReply(200, { data: { id: tweet.id, created_at: new Date(tweet.createdAt).toISOString() } });
}

const endpoints = Object.keys(defaultRateLimits) as RateLimitedEndpoint[];

export function exhaustRateLimit(request: EmulatorRequest, context: EmulatorContext): Reply {
  const body = jsonObject(request);
  const endpoint = endpoints.find((candidate) => candidate === body?.endpoint);
  if (endpoint === undefined) return badRequest(`endpoint must be one of ${endpoints.join(", ")}`);
  const username = typeof body?.username === "string" ? body.username.toLowerCase() : "";
  const account = context.state.accounts.find((candidate) => candidate.username.toLowerCase() === username);
  if (account === undefined) return notFound(`account ${String(body?.username)}`);
  const resetAt = context.limiter.exhaust(endpoint, account.id);
  return jsonReply(200, { data: { username: account.username, endpoint, reset: Math.ceil(resetAt / 1000) } });
}
