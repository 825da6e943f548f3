import { createApiClient, type ApiClient } from "./http-client.ts";
import { createRpcClient, type RpcClient } from "./rpc-client.ts";
import { createSessionTokens, type SessionTokens } from "./session-tokens.ts";
import { createTokenStorage, type TokenStorage } from "./token-storage.ts";

export type BrowserClients = { tokens: TokenStorage; session: SessionTokens; api: ApiClient; rpc: RpcClient };

let clients: BrowserClients | null = null;

/** The browser's clients, created once per page on first use (never on the server). */
export function browserClients(): BrowserClients {
  if (typeof window === "undefined") throw new Error("browserClients() is for the browser only");
  if (clients === null) {
    const tokens = createTokenStorage(window.localStorage);
    // Read at each call, not captured: telemetry instruments window.fetch after hydration (the W3C trace header).
    const boundFetch: typeof fetch = (input, init) => window.fetch(input, init);
    const session = createSessionTokens({ fetch: boundFetch, tokens, reload: () => window.location.reload() });
    clients = {
      tokens,
      session,
      api: createApiClient({ fetch: boundFetch, session, raiseGlobalError: (error) => window.reportError(error) }),
      rpc: createRpcClient({ fetch: boundFetch, session }),
    };
  }
  return clients;
}
