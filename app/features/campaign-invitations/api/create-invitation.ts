import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import {
  createdCampaignInvitationSchema,
  type CreateCampaignInvitationRequest,
  type CreatedCampaignInvitation,
} from "@contracts/campaign-invitations.ts";
import { campaignInvitationKeys, invitationsPath } from "./invitation-keys";

/** `POST …/campaigns/{campaignId}/invitations`: the answer holds the link. */
export function createCampaignInvitation(
  advertiserId: string,
  campaignId: string,
  input: CreateCampaignInvitationRequest,
): Promise<CreatedCampaignInvitation> {
  return browserClients().api.post(invitationsPath(advertiserId, campaignId), createdCampaignInvitationSchema, { body: input });
}

export function useCreateCampaignInvitation(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInvitationRequest) => createCampaignInvitation(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignInvitationKeys.list(advertiserId, campaignId) }),
  });
}
