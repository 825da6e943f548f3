import type { AppConfig } from "../../../config.ts";
import type { PostMetrics } from "../../../contracts/campaign-rules.ts";
import { xRules } from "../../../contracts/networks/x/rules.ts";
import { findXCredentials } from "../../../db/networks/x/credentials.ts";
import { findNetworkAccountOfUser, linkNetworkAccount, signInWithNetworkAccount } from "../../../db/network-accounts.ts";
import { pkceChallenge } from "../../../security/tokens.ts";
import { NetworkError, type NetworkAdapter, type NetworkAuthorization, type PostReadBack, type NetworkDeps } from "../adapter.ts";
import { createXClient, XApiError, type XClient, type XPublicMetrics } from "./client.ts";
import { freshXAccessToken, MissingXAccessError, storeXTokens } from "./credentials.ts";
import { networkErrorFromX } from "./errors.ts";
import { PUBLISH_SCOPES, scopesFor } from "./scopes.ts";

const clients = new WeakMap<AppConfig, XClient>();

/** One X client per configuration (per isolate). */
function xClientFor(config: AppConfig): XClient {
  let client = clients.get(config);
  if (client === undefined) {
    client = createXClient(config.x);
    clients.set(config, client);
  }
  return client;
}

/** X's public metrics under our names. */
export function metricsFromX(metrics: XPublicMetrics): PostMetrics {
  return {
    impressions: metrics.impression_count,
    likes: metrics.like_count,
    reposts: metrics.retweet_count,
    replies: metrics.reply_count,
    quotes: metrics.quote_count,
    bookmarks: metrics.bookmark_count,
  };
}

/** Runs a call to X, turning X's refusals into the product's NetworkError. */
async function onX<T>(call: () => Promise<T>, stage: "post" | "image" = "post"): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof XApiError) throw networkErrorFromX(error, stage);
    throw error;
  }
}

/** X (OAuth 2.0 with PKCE, API v2) behind the network adapter (docs/decisions/040-network-adapter.md). */
export function createXAdapter(deps: NetworkDeps, client: XClient = xClientFor(deps.config)): NetworkAdapter {
  const credentialDeps = { ...deps, xClient: client };

  /** A usable access token of the user, refreshed through X when needed; a refresh X refuses means access was revoked. */
  async function accessToken(userId: string, requiredScope?: string): Promise<string> {
    try {
      return await freshXAccessToken(credentialDeps, userId, requiredScope);
    } catch (error) {
      if (error instanceof MissingXAccessError) throw new NetworkError("x", "missing-access", "");
      if (error instanceof XApiError && (error.status === 400 || error.status === 401)) {
        throw new NetworkError("x", "access-revoked", error.detail || error.title);
      }
      if (error instanceof XApiError) throw networkErrorFromX(error);
      throw error;
    }
  }

  async function canPublish(userId: string): Promise<boolean> {
    const credentials = await findXCredentials(deps.db, userId);
    return credentials !== null && PUBLISH_SCOPES.every((scope) => credentials.scopes.includes(scope));
  }

  return {
    network: "x",
    rules: xRules,

    async authorizationUrl(request) {
      return client.authorizeUrl({
        redirectUri: request.redirectUri,
        scopes: scopesFor[request.purpose],
        state: request.state,
        codeChallenge: await pkceChallenge(request.codeVerifier),
      });
    },

    callbackState: async (params) => params.get("state"),
    // X calls back wherever its app settings allow, and keeps no sign-in state of its own with Chorus.
    signInStartUrl: () => null,
    clientMetadata: () => null,
    sweepExpiredSignIns: async () => 0,

    async completeAuthorization(callback): Promise<NetworkAuthorization> {
      const code = callback.params.get("code");
      if (code === null) throw new NetworkError("x", "refused", callback.params.get("error") ?? "no code");
      const tokens = await onX(() => client.exchangeCode({ code, redirectUri: callback.redirectUri, codeVerifier: callback.codeVerifier }));
      const profile = await onX(() => client.me(tokens.accessToken));
      const account = { id: profile.id, handle: profile.handle, name: profile.name, avatarUrl: profile.avatarUrl };
      return {
        account,
        async signIn(now) {
          const user = await signInWithNetworkAccount(
            deps.db,
            { network: "x", subject: profile.id, handle: profile.handle, name: profile.name, avatarUrl: profile.avatarUrl },
            now,
          );
          await storeXTokens(deps, user.userId, tokens);
          return user;
        },
        async linkTo(userId, now) {
          const linked = await linkNetworkAccount(deps.db, { network: "x", subject: profile.id, userId, handle: profile.handle }, now);
          if (!linked) {
            throw new NetworkError(
              "x",
              "account-taken",
              "this X account belongs to another Chorus account, or this one has its own X account",
            );
          }
          await storeXTokens(deps, userId, tokens);
        },
      };
    },

    async hasAccount(userId) {
      return (await findXCredentials(deps.db, userId)) !== null;
    },

    canPublish,

    async publish(userId, post) {
      const token = await accessToken(userId, "tweet.write");
      if (post.images.length > 0 && !(await canPublish(userId))) throw new NetworkError("x", "missing-access", "");
      const mediaIds: string[] = [];
      for (const image of post.images) {
        mediaIds.push((await onX(() => client.uploadMedia(token, image.bytes, image.contentType), "image")).id);
      }
      const created = await onX(() => client.createPost(token, { text: post.text, mediaIds, paidPartnership: post.paidPartnership }));
      return { id: created.id, postedAt: deps.clock.now() };
    },

    async deletePost(userId, postId) {
      const token = await accessToken(userId, "tweet.write");
      await onX(() => client.deletePost(token, postId));
    },

    async readPosts(userId, postIds) {
      const token = await accessToken(userId);
      const answer = await onX(() => client.lookupPosts(token, [...postIds]));
      return {
        found: answer.found.map((post): PostReadBack => ({
          id: post.id,
          authorId: post.authorId,
          text: post.text,
          paidPartnership: post.paidPartnership,
          metrics: post.metrics === null ? null : metricsFromX(post.metrics),
        })),
        missing: answer.missing,
      };
    },

    async recentPosts(userId, options) {
      const account = await findNetworkAccountOfUser(deps.db, "x", userId);
      if (account === null) return [];
      const token = await accessToken(userId);
      return onX(() => client.recentPosts(token, account.subject, options));
    },
  };
}
