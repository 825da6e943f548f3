import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { revokedSchema } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `DELETE /v1/advertiser/{advertiserId}/invitations/{id}`: the link stops working at once. */
export function revokeInvitation(advertiserId: string, invitationId: string) {
  return browserClients().api.delete(
    `/v1/advertiser/${encodeURIComponent(advertiserId)}/invitations/${encodeURIComponent(invitationId)}`,
    revokedSchema,
  );
}

export function useRevokeInvitation(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (invitationId: string) => revokeInvitation(advertiserId, invitationId),
    networkMode: "always",
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.invitations(advertiserId) }),
  });
}
