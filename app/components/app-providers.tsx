import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { browserClients } from "~/lib/api/browser-clients";
import { createRpcClient } from "~/lib/api/rpc-client";
import { createSessionTokens } from "~/lib/api/session-tokens";
import { createTokenStorage } from "~/lib/api/token-storage";
import { createQueryClient } from "~/lib/query-client";
import { TRPCProvider } from "~/lib/trpc";

/** On the server nothing is fetched through these clients; this inert one only satisfies the provider. */
function serverRpcClient() {
  const tokens = createTokenStorage({ getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
  const refuse: typeof fetch = () => Promise.reject(new Error("The RPC client is not used during server rendering"));
  return createRpcClient({ fetch: refuse, session: createSessionTokens({ fetch: refuse, tokens, reload: () => undefined }) });
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [trpcClient] = useState(() => (typeof window === "undefined" ? serverRpcClient() : browserClients().rpc));
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
