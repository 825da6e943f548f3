import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { removedSchema } from "@contracts/advertisers.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** `DELETE /v1/advertiser/{advertiserId}/members/{userId}` (owners; anyone for themselves). */
export function removeMember(advertiserId: string, userId: string) {
  return browserClients().api.delete(
    `/v1/advertiser/${encodeURIComponent(advertiserId)}/members/${encodeURIComponent(userId)}`,
    removedSchema,
  );
}

export function useRemoveMember(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeMember(advertiserId, userId),
    networkMode: "always",
    onSettled: () => queryClient.invalidateQueries({ queryKey: advertiserKeys.members(advertiserId) }),
  });
}
