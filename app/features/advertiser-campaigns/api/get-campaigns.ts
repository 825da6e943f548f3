import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { consoleCampaignListSchema, type ConsoleCampaignList } from "@contracts/advertiser-campaigns.ts";
import { campaignConsoleKeys, campaignsPath } from "./campaign-keys";

/** `GET /v1/advertiser/{advertiserId}/campaigns`: all of the account's campaigns, drafts included. */
export function getCampaigns(advertiserId: string): Promise<ConsoleCampaignList> {
  return browserClients().api.get(campaignsPath(advertiserId), consoleCampaignListSchema);
}

/** The account's campaigns, starting from what the server rendered. */
export function useConsoleCampaigns(advertiserId: string, initialData: ConsoleCampaignList) {
  return useQuery(
    queryOptions({
      queryKey: campaignConsoleKeys.list(advertiserId),
      queryFn: () => getCampaigns(advertiserId),
      initialData,
      staleTime: 30_000,
    }),
  );
}
