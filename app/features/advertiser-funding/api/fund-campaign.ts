import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { browserClients } from "~/lib/api/browser-clients";
import { fundCampaignResultSchema, type FundCampaignResult } from "@contracts/advertiser-funding.ts";
import { fundingKeys } from "./funding-keys";

/** `POST /v1/advertiser/{advertiserId}/campaigns/{campaignId}/fund`: the campaign's pools from the account's funding. */
export function fundCampaign(advertiserId: string, campaignId: string): Promise<FundCampaignResult> {
  return browserClients().api.post(
    `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/fund`,
    fundCampaignResultSchema,
  );
}

/** Funding changes the page (its loader data) and the account's funds. */
export function useFundCampaign(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return useMutation({
    mutationFn: () => fundCampaign(advertiserId, campaignId),
    networkMode: "always",
    onSuccess: async () => {
      await Promise.all([revalidator.revalidate(), queryClient.invalidateQueries({ queryKey: fundingKeys.funds(advertiserId) })]);
    },
  });
}
