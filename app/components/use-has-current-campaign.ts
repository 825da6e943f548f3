import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "~/lib/trpc";

/** Whether the creator has a running campaign to post to: `listCurrentCampaigns({ limit: 2 })`, tested for non-empty. */
export function useHasCurrentCampaign(): boolean {
  const trpc = useTRPC();
  const { data } = useQuery(trpc.listCurrentCampaigns.queryOptions({ limit: 2 }));
  return (data?.length ?? 0) > 0;
}
