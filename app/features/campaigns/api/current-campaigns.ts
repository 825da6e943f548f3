import { queryOptions, useQuery } from "@tanstack/react-query";
import { rpcClient } from "~/lib/api/on-demand";

/**
 * `listCurrentCampaigns` (tRPC): the creator's campaigns still open to posts. Called through the vanilla tRPC client
 * inside the query, which loads with the first call, so the signed-in frame's first render carries no tRPC code.
 */
export const currentCampaignKeys = {
  all: ["listCurrentCampaigns"] as const,
  list: (limit: number) => [...currentCampaignKeys.all, { limit }] as const,
};

export function currentCampaignsQueryOptions(limit: number) {
  return queryOptions({
    queryKey: currentCampaignKeys.list(limit),
    queryFn: async () => (await rpcClient()).listCurrentCampaigns.query({ limit }),
  });
}

/**
 * Whether the creator has a running campaign to post to: two are asked for, one is enough. Until the answer arrives,
 * what the server rendered (`rendered`, the root loader's `hasCurrentCampaign`).
 */
export function useHasCurrentCampaign(rendered: boolean): boolean {
  const { data } = useQuery(currentCampaignsQueryOptions(2));
  return data === undefined ? rendered : data.length > 0;
}
