import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { consoleCampaignSchema, type CampaignInput, type ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { campaignConsoleKeys, campaignsPath } from "./campaign-keys";

/** `POST …/campaigns` (a new draft, no id) or `PUT …/campaigns/{id}` (the whole form again). */
export function saveCampaign(advertiserId: string, campaignId: string | null, input: CampaignInput): Promise<ConsoleCampaign> {
  const api = browserClients().api;
  return campaignId === null
    ? api.post(campaignsPath(advertiserId), consoleCampaignSchema, { body: input })
    : api.put(campaignsPath(advertiserId, campaignId), consoleCampaignSchema, { body: input });
}

export function useSaveCampaign(advertiserId: string, campaignId: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CampaignInput) => saveCampaign(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignConsoleKeys.list(advertiserId) }),
  });
}
