import { JoseKey } from "@atproto/jwk-jose";
import { OAuthClient, type RuntimeImplementation } from "@atproto/oauth-client";
import type { AppConfig } from "../../../config.ts";
import { blueskyClientMetadata } from "./client-metadata.ts";
import { blueskyIdentityResolver } from "./identity.ts";
import { blueskySessionStore, blueskyStateStore, type BlueskyStoreDeps } from "./oauth-stores.ts";

/**
 * The core @atproto/oauth-client given what workerd has: WebCrypto (through jose, which @atproto/jwk-jose wraps) for
 * DPoP keys, digests and random values, global fetch, and D1 stores. The browser and Node variants of the client are
 * this same class with their runtime's pieces; neither runs here (IndexedDB; node:crypto and Node's DNS). Handles and
 * DIDs are resolved by ./identity.ts, since the library's resolvers make requests workerd refuses.
 */
const workersRuntime: RuntimeImplementation = {
  createKey: (algs) => JoseKey.generate(algs),
  getRandomValues: (length) => crypto.getRandomValues(new Uint8Array(length)),
  digest: async (bytes, algorithm) => {
    const name = { sha256: "SHA-256", sha384: "SHA-384", sha512: "SHA-512" }[algorithm.name];
    return new Uint8Array(await crypto.subtle.digest(name, bytes));
  },
  // No requestLock: an isolate cannot lock across isolates. When two refresh one session at once, the client's own
  // fallback (re-read the store after a failed refresh) keeps the one that won.
};

export type BlueskyOAuthDeps = BlueskyStoreDeps & { config: AppConfig };

/** A client for one origin of the app (its redirect URI and client id are that origin's). */
export function blueskyOAuthClient(deps: BlueskyOAuthDeps, appOrigin: string): OAuthClient {
  const { config } = deps;
  return new OAuthClient({
    responseMode: "query",
    clientMetadata: blueskyClientMetadata(appOrigin),
    runtimeImplementation: workersRuntime,
    stateStore: blueskyStateStore(deps),
    sessionStore: blueskySessionStore(deps, appOrigin),
    identityResolver: blueskyIdentityResolver(config.bluesky),
    // The local stand-in answers over http on this machine; production refuses anything but https (config.ts).
    allowHttp: config.environment === "local",
  });
}
