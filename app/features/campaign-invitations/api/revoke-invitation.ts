import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { browserClients } from "~/lib/api/browser-clients";
import { campaignInvitationKeys, invitationsPath } from "./invitation-keys";

const revokedSchema = z.object({ revoked: z.literal(true) });

/** `DELETE …/campaigns/{campaignId}/invitations/{id}`: the link stops working at once. */
export function revokeCampaignInvitation(advertiserId: string, campaignId: string, invitationId: string) {
  return browserClients().api.delete(`${invitationsPath(advertiserId, campaignId)}/${encodeURIComponent(invitationId)}`, revokedSchema);
}

export function useRevokeCampaignInvitation(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeCampaignInvitation(advertiserId, campaignId, invitationId),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignInvitationKeys.list(advertiserId, campaignId) }),
  });
}
