import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { campaignInvitationsSchema, type CampaignInvitation } from "@contracts/campaign-invitations.ts";
import { campaignInvitationKeys, invitationsPath } from "./invitation-keys";

/** `GET /v1/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`: every invitation with its uses. */
export async function getCampaignInvitations(advertiserId: string, campaignId: string): Promise<CampaignInvitation[]> {
  const { invitations } = await browserClients().api.get(invitationsPath(advertiserId, campaignId), campaignInvitationsSchema);
  return invitations;
}

export function useCampaignInvitations(advertiserId: string, campaignId: string, initialData: CampaignInvitation[]) {
  return useQuery(
    queryOptions({
      queryKey: campaignInvitationKeys.list(advertiserId, campaignId),
      queryFn: () => getCampaignInvitations(advertiserId, campaignId),
      initialData,
      staleTime: 30_000,
    }),
  );
}
