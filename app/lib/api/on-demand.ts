import type { ApiClient } from "./http-client.ts";
import type { RpcClient } from "./rpc-client.ts";

/**
 * The browser's clients, loaded with the first call. A page renders and hydrates from its loader data, so what calls
 * the API (the clients, tRPC, zod/mini and the contracts that parse the answers) is not part of its first load
 * (docs/decisions/028-page-cost.md, third pass): a fetcher awaits these and imports the schema it parses with.
 * The rule: fetchers that a page's first render reaches (the signed-in frame, the dashboard, campaign and profile
 * pages) go through here; those of dialogs, forms and console pages, which load on demand themselves, call
 * `browserClients()` directly.
 */
export async function apiClient(): Promise<ApiClient> {
  const { browserClients } = await import("./browser-clients.ts");
  return browserClients().api;
}

export async function rpcClient(): Promise<RpcClient> {
  const { browserClients } = await import("./browser-clients.ts");
  return browserClients().rpc;
}
