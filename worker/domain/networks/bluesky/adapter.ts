import { Agent } from "@atproto/api";
import { OAuthResolverError, type OAuthSession } from "@atproto/oauth-client";
import type { AppConfig } from "../../../config.ts";
import { blueskyRules } from "../../../contracts/networks/bluesky/rules.ts";
import { findNetworkAccountOfUser, linkNetworkAccount, signInWithNetworkAccount } from "../../../db/network-accounts.ts";
import { NetworkError, type NetworkAdapter, type NetworkAuthorization, type PostReadBack, type NetworkDeps } from "../adapter.ts";
import { blueskySignIn } from "./sign-in.ts";
import { BLUESKY_SCOPE } from "./client-metadata.ts";
import { BlueskyError, blueskyErrorFrom } from "./errors.ts";
import { blueskyOAuthClient } from "./oauth-client.ts";
import { blueskySessionOrigin } from "./oauth-stores.ts";
import { deleteBlueskyPost, publishBlueskyPost, readBlueskyPosts } from "./posts.ts";

const NETWORK = "bluesky";
const POST_COLLECTION = "app.bsky.feed.post";

function networkError(error: unknown, options: { imageUpload?: boolean } = {}): NetworkError {
  const bluesky = error instanceof BlueskyError ? error : blueskyErrorFrom(error, options);
  return new NetworkError(NETWORK, bluesky.kind, bluesky.detail, { retryAt: bluesky.retryAt, imageUpload: bluesky.imageUpload });
}

async function onBluesky<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw networkError(error);
  }
}

const appViews = new WeakMap<AppConfig, Agent>();

/** The public app view (no session): reads posts and profiles, and resolves mentions for facets. */
function appViewFor(config: AppConfig): Agent {
  let agent = appViews.get(config);
  if (agent === undefined) {
    agent = new Agent(config.bluesky.appViewUrl);
    appViews.set(config, agent);
  }
  return agent;
}

/**
 * Bluesky (AT Protocol OAuth through @atproto/oauth-client, XRPC through @atproto/api) behind the network adapter
 * (docs/decisions/040-network-adapter.md, 042-bluesky.md). A post's id is its AT URI. The PKCE verifier and state
 * the product keeps are not used for the protocol: the OAuth client keeps its own (with the DPoP key) in D1 and
 * carries the product's state through as its `appState`.
 */
export function createBlueskyAdapter(deps: NetworkDeps): NetworkAdapter {
  const storeDeps = { db: deps.db, clock: deps.clock, config: deps.config, encryptionKey: deps.encryptionKey };
  const appView = appViewFor(deps.config);

  /** The user's Bluesky session, restored (and refreshed when due) by the client it was granted to. */
  async function sessionOf(userId: string): Promise<OAuthSession> {
    const account = await findNetworkAccountOfUser(deps.db, NETWORK, userId);
    if (account === null) throw new NetworkError(NETWORK, "missing-access", "");
    const origin = await blueskySessionOrigin(deps.db, account.subject);
    if (origin === null) throw new NetworkError(NETWORK, "missing-access", "");
    return onBluesky(() => blueskyOAuthClient(storeDeps, origin).restore(account.subject));
  }

  return {
    network: NETWORK,
    rules: blueskyRules,

    async authorizationUrl(request) {
      const handle = request.loginHint?.trim().replace(/^@/, "");
      if (handle === undefined || handle === "")
        throw new NetworkError(NETWORK, "refused", "a Bluesky handle is needed to find the account's server");
      const client = blueskyOAuthClient(storeDeps, new URL(request.redirectUri).origin);
      try {
        return (await client.authorize(handle, { state: request.state, scope: BLUESKY_SCOPE })).toString();
      } catch (error) {
        // The handle resolves to no account, or its server does not answer OAuth as atproto says.
        if (error instanceof OAuthResolverError) throw new NetworkError(NETWORK, "refused", `no Bluesky account answers as ${handle}`);
        throw networkError(error);
      }
    },

    ...blueskySignIn(deps),

    async completeAuthorization(callback): Promise<NetworkAuthorization> {
      const client = blueskyOAuthClient(storeDeps, new URL(callback.redirectUri).origin);
      const { session } = await onBluesky(() => client.callback(callback.params));
      const profile = await onBluesky(() => appView.app.bsky.actor.getProfile({ actor: session.did }));
      const account = {
        id: session.did,
        handle: profile.data.handle,
        name: profile.data.displayName?.trim() || profile.data.handle,
        avatarUrl: profile.data.avatar ?? null,
      };
      return {
        account,
        signIn: (now) =>
          signInWithNetworkAccount(
            deps.db,
            { network: NETWORK, subject: account.id, handle: account.handle, name: account.name, avatarUrl: account.avatarUrl },
            now,
          ),
        async linkTo(userId, now) {
          const linked = await linkNetworkAccount(deps.db, { network: NETWORK, subject: account.id, userId, handle: account.handle }, now);
          if (!linked) throw new NetworkError(NETWORK, "account-taken", "this Bluesky account or another one is linked already");
        },
      };
    },

    async hasAccount(userId) {
      return (await findNetworkAccountOfUser(deps.db, NETWORK, userId)) !== null;
    },

    async canPublish(userId) {
      const account = await findNetworkAccountOfUser(deps.db, NETWORK, userId);
      return account !== null && (await blueskySessionOrigin(deps.db, account.subject)) !== null;
    },

    async publish(userId, post) {
      const session = await sessionOf(userId);
      const createdAt = deps.clock.now();
      try {
        const published = await publishBlueskyPost(session, appView, { text: post.text, images: post.images, createdAt });
        return { id: published.uri, postedAt: published.postedAt };
      } catch (error) {
        throw networkError(error);
      }
    },

    async deletePost(userId, postId) {
      const session = await sessionOf(userId);
      await onBluesky(() => deleteBlueskyPost(session, postId));
    },

    async readPosts(_userId, postIds) {
      // Counts are public: the app view answers without the user's session, so reading spends none of their limits.
      const read = await onBluesky(() => readBlueskyPosts(appView, postIds));
      return {
        found: read.found.map((post): PostReadBack => ({
          id: post.uri,
          authorId: post.authorDid,
          text: post.text,
          paidPartnership: null,
          metrics: { impressions: 0, bookmarks: 0, ...post.counts },
        })),
        missing: read.missing,
      };
    },

    async recentPosts(userId, options) {
      const session = await sessionOf(userId);
      const agent = new Agent(session);
      const listed = await onBluesky(() =>
        agent.com.atproto.repo.listRecords({ repo: session.did, collection: POST_COLLECTION, limit: Math.min(100, options.limit) }),
      );
      return listed.data.records
        .map((record) => {
          const value = record.value as { text?: unknown; createdAt?: unknown };
          return { id: record.uri, text: typeof value.text === "string" ? value.text : "", createdAt: Date.parse(String(value.createdAt)) };
        })
        .filter((post) => Number.isFinite(post.createdAt) && post.createdAt >= options.since);
    },
  };
}
