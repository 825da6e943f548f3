import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { track } from "~/lib/analytics/global-tracker";
import { browserClients } from "~/lib/api/browser-clients";
import { useTRPC } from "~/lib/trpc";
import { trackedEventNames } from "../../../../worker/contracts/analytics-names.ts";
import { joinResultSchema } from "../../../../worker/contracts/pages.ts";
import { notificationKeys } from "../../notifications/api/get-recent-notifications";

export type JoinCampaignInput = { campaignId: string; invitationToken?: string };

/** `POST /v1/page/campaign/{campaignId}/join`, with the invitation's public token when there is one. */
export function joinCampaign({ campaignId, invitationToken }: JoinCampaignInput) {
  return browserClients().api.post(`/v1/page/campaign/${encodeURIComponent(campaignId)}/join`, joinResultSchema, {
    body: invitationToken === undefined ? {} : { invitationToken },
    required: { campaignId },
  });
}

/**
 * Joining changes the page (the route's loader data), the creator's current campaigns (New Post lights up) and the
 * notifications (a campaign-joined one): those are refreshed, and `onSuccess` runs once they are. `networkMode:
 * "always"`: offline, the join fails at once with its toast instead of waiting for the connection. A new join sends
 * `campaign_joined` (the funnel's last step), with `advertiserId` when the page knows it.
 */
export function useJoinCampaign(options: { onSuccess?: () => void; onError?: (error: unknown) => void; advertiserId?: string } = {}) {
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  return useMutation({
    mutationFn: joinCampaign,
    networkMode: "always",
    onSuccess: async (result) => {
      if (!result.alreadyJoined) {
        track(trackedEventNames.campaignJoined, {
          campaign_id: result.campaignId,
          ...(options.advertiserId === undefined ? {} : { advertiser_id: options.advertiserId }),
        });
      }
      await Promise.all([
        revalidator.revalidate(),
        queryClient.invalidateQueries({ queryKey: trpc.listCurrentCampaigns.queryKey() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
      options.onSuccess?.();
    },
    onError: (error) => options.onError?.(error),
  });
}
