import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { createdMemberInvitationSchema, type CreatedMemberInvitation, type CreateMemberInvitationRequest } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `POST /v1/advertiser/{advertiserId}/invitations`: the answer holds the link, shown once. */
export function createInvitation(advertiserId: string, input: CreateMemberInvitationRequest): Promise<CreatedMemberInvitation> {
  return browserClients().api.post(`/v1/advertiser/${encodeURIComponent(advertiserId)}/invitations`, createdMemberInvitationSchema, {
    body: input,
  });
}

export function useCreateInvitation(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateMemberInvitationRequest) => createInvitation(advertiserId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.invitations(advertiserId) }),
  });
}
