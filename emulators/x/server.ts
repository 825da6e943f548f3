import { routing } from "../shared/http.ts";
import { createEmulator, type Emulator, type EmulatorPlace } from "../shared/server.ts";
import { safeDecode } from "../shared/serving.ts";
import { createTweet, deleteTweet, lookupTweets, unknownEndpoint, uploadMedia, userTweets, usersMe } from "./api.ts";
import { profileImageUrl, type EmulatorContext } from "./context.ts";
import { agePost, editText, exhaustRateLimit, setPaidPartnership } from "./controls.ts";
import { MAX_BODY_BYTES, MAX_MEDIA_BODY_BYTES, htmlReply, problemReply, type EmulatorRequest, type Reply } from "./http.ts";
import { publicMetricsAt } from "./metrics.ts";
import { authorize, decide, revoke, token } from "./oauth.ts";
import { DECIDE_PATH, avatarSvg, indexPage, notFoundPage } from "./pages.ts";
import { createRateLimiter, defaultRateLimits, type RateLimits } from "./rate-limit.ts";
import { emptyState, parseState, pruneExpired } from "./state.ts";

/** Its state file keeps accounts, credentials and posts. */
export type XEmulatorOptions = EmulatorPlace & {
  clientId: string;
  clientSecret: string;
  /** Callback URLs registered for the client; a redirect_uri must equal one of them… */
  redirectUris: string[];
  /** …or, with this on, be any http callback on localhost, 127.0.0.1 or *.localhost. */
  allowLocalRedirects?: boolean;
  /** An app-only bearer token accepted by post lookup (as X's developer-portal "Bearer Token" is). */
  appBearerToken?: string;
  /** The emulator's clock (epoch ms): posting times, metric growth, expiries and rate-limit windows. */
  now?: () => number;
  /** Requests per 15-minute window per user and endpoint. */
  rateLimits?: Partial<RateLimits>;
  /**
   * Accounts that exist on this X from the start, with their ids (the app's demo world knows its creators by these
   * ids, so signing in as one of them reaches the seeded user). Added once; an existing id or username is kept.
   */
  knownAccounts?: readonly { id: string; username: string; name: string }[];
};

export type XEmulator = Emulator;

const RECENT_POSTS_ON_HOME = 50;

function home(context: EmulatorContext): Reply {
  const { state } = context;
  const now = context.now();
  const tweets = [...state.tweets]
    .sort((a, b) => b.createdAt - a.createdAt)
    .slice(0, RECENT_POSTS_ON_HOME)
    .map((tweet) => ({
      tweet,
      author: state.accounts.find((account) => account.id === tweet.authorId),
      metrics: tweet.deletedAt === null ? publicMetricsAt(tweet.id, tweet.createdAt, now) : null,
    }));
  return htmlReply(
    200,
    indexPage({
      clientId: context.client.id,
      redirectUris: context.client.redirectUris,
      allowLocalRedirects: context.client.allowLocalRedirects,
      accounts: state.accounts,
      tweets,
      avatarUrl: (account) => profileImageUrl(context, account),
    }),
  );
}

function avatar(context: EmulatorContext, accountId: string): Reply {
  const account = context.state.accounts.find((candidate) => candidate.id === accountId);
  if (account === undefined) return htmlReply(404, notFoundPage(`/emulator/avatars/${accountId}`));
  return {
    status: 200,
    headers: { "content-type": "image/svg+xml; charset=utf-8", "cache-control": "public, max-age=86400" },
    body: avatarSvg(account),
  };
}

const MEDIA_UPLOAD_PATH = "/2/media/upload";
const TWEET_PATH = /^\/2\/tweets\/([^/]+)$/;
const USER_TWEETS_PATH = /^\/2\/users\/([^/]+)\/tweets$/;
const AVATAR_PATH = /^\/emulator\/avatars\/([\w-]+)_normal\.svg$/;
const LABEL_CONTROL_PATH = /^\/emulator\/tweets\/([^/]+)\/paid-partnership$/;
const TEXT_CONTROL_PATH = /^\/emulator\/tweets\/([^/]+)\/text$/;
const AGE_CONTROL_PATH = /^\/emulator\/tweets\/([^/]+)\/age$/;

async function route(request: EmulatorRequest, context: EmulatorContext): Promise<Reply> {
  const { path, method, is } = routing(request);

  if (is("GET", "/")) return home(context);
  if (is("GET", "/i/oauth2/authorize")) return authorize(request, context);
  if (is("POST", DECIDE_PATH)) return decide(request, context);
  if (is("POST", "/2/oauth2/token")) return token(request, context);
  if (is("POST", "/2/oauth2/revoke")) return revoke(request, context);
  if (is("GET", "/2/users/me")) return usersMe(request, context);
  if (is("GET", "/2/tweets")) return lookupTweets(request, context);
  if (is("POST", "/2/tweets")) return createTweet(request, context);
  if (is("POST", MEDIA_UPLOAD_PATH)) return uploadMedia(request, context);
  if (is("POST", "/emulator/rate-limits/exhaust")) return exhaustRateLimit(request, context);
  const labelOf = method === "POST" ? LABEL_CONTROL_PATH.exec(path)?.[1] : undefined;
  if (labelOf !== undefined) return setPaidPartnership(request, context, safeDecode(labelOf));
  const textOf = method === "POST" ? TEXT_CONTROL_PATH.exec(path)?.[1] : undefined;
  if (textOf !== undefined) return editText(request, context, safeDecode(textOf));
  const ageOf = method === "POST" ? AGE_CONTROL_PATH.exec(path)?.[1] : undefined;
  if (ageOf !== undefined) return agePost(request, context, safeDecode(ageOf));
  const timelineOf = method === "GET" ? USER_TWEETS_PATH.exec(path)?.[1] : undefined;
  if (timelineOf !== undefined) return userTweets(request, context, safeDecode(timelineOf));
  const tweetId = TWEET_PATH.exec(path)?.[1];
  if (method === "DELETE" && tweetId !== undefined) return deleteTweet(request, context, safeDecode(tweetId));
  const avatarId = method === "GET" ? AVATAR_PATH.exec(path)?.[1] : undefined;
  if (avatarId !== undefined) return avatar(context, avatarId);
  if (path.startsWith("/2/")) return unknownEndpoint();
  return htmlReply(404, notFoundPage(path));
}

/**
 * A local stand-in for X's OAuth 2.0 and API v2: the product reaches it over HTTP through the same client and
 * configuration it uses for the real X (only the URLs differ).
 */
export function createXEmulator(options: XEmulatorOptions): XEmulator {
  const now = options.now ?? (() => Date.now());
  const limits: RateLimits = { ...defaultRateLimits, ...options.rateLimits };
  return createEmulator(options, {
    name: "X emulator",
    baseUrl: "http://x-emulator.local",
    state: { empty: emptyState, parse: parseState },
    maxBodyBytes: (path) => (path === MEDIA_UPLOAD_PATH ? MAX_MEDIA_BODY_BYTES : MAX_BODY_BYTES),
    async open(file, origin): Promise<EmulatorContext> {
      const known = (options.knownAccounts ?? []).filter(
        (account) =>
          !file.state.accounts.some(
            (existing) => existing.id === account.id || existing.username.toLowerCase() === account.username.toLowerCase(),
          ),
      );
      if (known.length > 0) {
        file.state.accounts.push(...known.map((account) => ({ ...account, createdAt: now() })));
        await file.save();
      }
      return {
        state: file.state,
        save() {
          pruneExpired(file.state, now());
          return file.save();
        },
        now,
        client: {
          id: options.clientId,
          secret: options.clientSecret,
          redirectUris: options.redirectUris,
          allowLocalRedirects: options.allowLocalRedirects ?? false,
        },
        appBearerToken: options.appBearerToken,
        limiter: createRateLimiter(limits, now),
        origin,
      };
    },
    route,
    tooLarge: (message) => problemReply(413, { title: "Payload Too Large", type: "about:blank", status: 413, detail: message }),
    failed: () =>
      problemReply(500, {
        title: "Internal Server Error",
        type: "about:blank",
        status: 500,
        detail: "The X emulator failed; see its log.",
      }),
  });
}
