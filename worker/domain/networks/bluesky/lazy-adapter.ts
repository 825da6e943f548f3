import { blueskyRules } from "../../../contracts/networks/bluesky/rules.ts";
import type { NetworkAdapter, NetworkDeps } from "../adapter.ts";
import { blueskySignIn } from "./sign-in.ts";

/**
 * The Bluesky adapter, loaded on first use: @atproto/api carries every lexicon of the network (1.1 MB of schemas
 * evaluated at import), which an isolate should not pay for at start when its request never touches Bluesky.
 */
export function createLazyBlueskyAdapter(deps: NetworkDeps): NetworkAdapter {
  let loaded: Promise<NetworkAdapter> | null = null;
  const adapter = () => (loaded ??= import("./adapter.ts").then((module) => module.createBlueskyAdapter(deps)));
  return {
    network: "bluesky",
    rules: blueskyRules,
    authorizationUrl: async (request) => (await adapter()).authorizationUrl(request),
    // The OAuth client's stored state is read, and abandoned ones swept, without loading the client and its lexicons.
    ...blueskySignIn(deps),
    completeAuthorization: async (callback) => (await adapter()).completeAuthorization(callback),
    hasAccount: async (userId) => (await adapter()).hasAccount(userId),
    canPublish: async (userId) => (await adapter()).canPublish(userId),
    publish: async (userId, post) => (await adapter()).publish(userId, post),
    deletePost: async (userId, postId) => (await adapter()).deletePost(userId, postId),
    readPosts: async (userId, postIds) => (await adapter()).readPosts(userId, postIds),
    recentPosts: async (userId, options) => (await adapter()).recentPosts(userId, options),
  };
}
