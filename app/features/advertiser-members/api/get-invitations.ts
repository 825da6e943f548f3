import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { pendingMemberInvitationsSchema, type PendingMemberInvitation } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `GET /v1/advertiser/{advertiserId}/invitations`: the pending ones. */
export async function getPendingInvitations(advertiserId: string): Promise<PendingMemberInvitation[]> {
  const { invitations } = await browserClients().api.get(
    `/v1/advertiser/${encodeURIComponent(advertiserId)}/invitations`,
    pendingMemberInvitationsSchema,
  );
  return invitations;
}

/** The account's pending invitations, starting from what the server rendered. */
export function usePendingInvitations(advertiserId: string, initialData: PendingMemberInvitation[]) {
  return useQuery(
    queryOptions({
      queryKey: advertiserKeys.invitations(advertiserId),
      queryFn: () => getPendingInvitations(advertiserId),
      initialData,
      staleTime: 30_000,
    }),
  );
}
