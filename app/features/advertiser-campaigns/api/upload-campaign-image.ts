import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { consoleCampaignSchema, type ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { campaignsPath } from "./campaign-keys";

/** `POST …/campaigns/{id}/image`: the image as the raw body, to R2 through the worker. */
export function uploadCampaignImage(advertiserId: string, campaignId: string, file: File): Promise<ConsoleCampaign> {
  return browserClients().api.upload(`${campaignsPath(advertiserId, campaignId)}/image`, consoleCampaignSchema, {
    body: file,
    contentType: file.type === "" ? "application/octet-stream" : file.type,
    onProgress: () => undefined,
    timeoutMs: 120_000,
  });
}

export function useUploadCampaignImage(advertiserId: string, campaignId: string) {
  return useMutation({ mutationFn: (file: File) => uploadCampaignImage(advertiserId, campaignId, file), networkMode: "always", gcTime: 0 });
}
