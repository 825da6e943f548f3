import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { CreatedCreatorInvitation, CreatorInvitations } from "@contracts/creator-invitations.ts";

/** A joined creator's invitation link to a campaign and who joined through it (docs/decisions/032 section 5). */
export const creatorInvitationKeys = {
  all: ["creator-invitations"] as const,
  of: (campaignId: string) => [...creatorInvitationKeys.all, campaignId] as const,
};

const invitationPath = (campaignId: string) => `/v1/campaign/${encodeURIComponent(campaignId)}/invitation`;

/** `GET /v1/campaign/{campaignId}/invitation`. */
export async function getCreatorInvitations(campaignId: string): Promise<CreatorInvitations> {
  const [api, { creatorInvitationsSchema }] = await Promise.all([apiClient(), import("@contracts/creator-invitations.ts")]);
  return api.get(invitationPath(campaignId), creatorInvitationsSchema, { required: { campaignId } });
}

/** `POST /v1/campaign/{campaignId}/invitation`: your usable link, made when you have none. */
export async function makeCreatorInvitation(campaignId: string): Promise<CreatedCreatorInvitation> {
  const [api, { createdCreatorInvitationSchema }] = await Promise.all([apiClient(), import("@contracts/creator-invitations.ts")]);
  return api.post(invitationPath(campaignId), createdCreatorInvitationSchema, { required: { campaignId } });
}

export function useCreatorInvitations(campaignId: string) {
  return useQuery(queryOptions({ queryKey: creatorInvitationKeys.of(campaignId), queryFn: () => getCreatorInvitations(campaignId) }));
}

export function useMakeCreatorInvitation(campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => makeCreatorInvitation(campaignId),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creatorInvitationKeys.of(campaignId) }),
  });
}
