import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { consoleCampaignSchema, type ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { campaignConsoleKeys, campaignsPath } from "./campaign-keys";

/** `POST …/campaigns/{id}/publish`: the draft becomes visible to creators (it does not fund it). */
export function publishCampaign(advertiserId: string, campaignId: string): Promise<ConsoleCampaign> {
  return browserClients().api.post(`${campaignsPath(advertiserId, campaignId)}/publish`, consoleCampaignSchema);
}

export function usePublishCampaign(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (campaignId: string) => publishCampaign(advertiserId, campaignId),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignConsoleKeys.list(advertiserId) }),
  });
}
