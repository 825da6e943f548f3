import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { advertiserMembersSchema, type AdvertiserMember } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `GET /v1/advertiser/{advertiserId}/members`. */
export async function getMembers(advertiserId: string): Promise<AdvertiserMember[]> {
  const { members } = await browserClients().api.get(`/v1/advertiser/${encodeURIComponent(advertiserId)}/members`, advertiserMembersSchema);
  return members;
}

/** The account's members, starting from what the server rendered. */
export function useMembers(advertiserId: string, initialData: AdvertiserMember[]) {
  return useQuery(
    queryOptions({
      queryKey: advertiserKeys.members(advertiserId),
      queryFn: () => getMembers(advertiserId),
      initialData,
      staleTime: 30_000,
    }),
  );
}
