import { QueryClient } from "@tanstack/react-query";

/** SPEC.md section 9: 3 retries, backoff from 1 s doubling up to 30 s, unused data kept 5 minutes. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        gcTime: 5 * 60 * 1000,
        staleTime: 30_000,
      },
    },
  });
}
