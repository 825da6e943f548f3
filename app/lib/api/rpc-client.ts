import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { MAX_TRPC_URL_LENGTH, TRPC_MAX_BATCH_SIZE } from "@contracts/rpc.ts";
import type { AppRouter } from "../../../worker/trpc/router.ts";
import type { SessionTokens } from "./session-tokens.ts";

/**
 * The typed RPC client: a bearer header built from the session token when there is one, no caching, and on a 401
 * the session is cleared and the page reloads (SPEC.md section 8).
 */
export function createRpcClient(deps: { fetch: typeof fetch; session: SessionTokens; url?: string }) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: deps.url ?? "/trpc",
        maxItems: TRPC_MAX_BATCH_SIZE,
        maxURLLength: MAX_TRPC_URL_LENGTH,
        async headers() {
          const token = await deps.session.current();
          return token === null ? {} : { Authorization: `Bearer ${token}` };
        },
        async fetch(input, init) {
          const response = await deps.fetch(input, { ...init, cache: "no-store" });
          if (response.status === 401) deps.session.end();
          return response;
        },
      }),
    ],
  });
}

export type RpcClient = ReturnType<typeof createRpcClient>;
