import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { previewTokenSchema } from "@contracts/advertiser-campaigns.ts";
import { campaignsPath } from "./campaign-keys";

/** `POST …/campaigns/{id}/preview-token`: a new secret link; the old one stops working at once. */
export function rotatePreviewToken(advertiserId: string, campaignId: string): Promise<{ previewToken: string }> {
  return browserClients().api.post(`${campaignsPath(advertiserId, campaignId)}/preview-token`, previewTokenSchema);
}

export function useRotatePreviewToken(advertiserId: string, campaignId: string) {
  return useMutation({ mutationFn: () => rotatePreviewToken(advertiserId, campaignId), networkMode: "always" });
}
