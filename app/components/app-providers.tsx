import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { createQueryClient } from "~/lib/query-client";

/**
 * TanStack Query for the signed-in frame. The API clients are not provided here: each fetcher loads them with its
 * first call (`~/lib/api/on-demand`), so they are not part of a page's first load.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
