import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { membershipSchema, type Membership } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `POST /v1/advertiser/invitations/{token}/accept`: the signed-in person becomes a member. */
export function acceptInvitation(token: string): Promise<Membership> {
  return browserClients().api.post(`/v1/advertiser/invitations/${encodeURIComponent(token)}/accept`, membershipSchema);
}

export function useAcceptInvitation(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptInvitation(token),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.all }),
  });
}
