import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { track } from "~/lib/analytics/global-tracker";
import { apiClient } from "~/lib/api/on-demand";
import { currentCampaignKeys } from "./current-campaigns";
import { trackedEventNames } from "@contracts/analytics-names.ts";
import type { JoinResult } from "@contracts/pages.ts";
import { notificationKeys } from "~/lib/queries/notification-keys";

export type JoinCampaignInput = { campaignId: string; invitationToken?: string };

/** `POST /v1/page/campaign/{campaignId}/join`, with the invitation's public token when there is one. */
export async function joinCampaign({ campaignId, invitationToken }: JoinCampaignInput): Promise<JoinResult> {
  const [api, { joinResultSchema }] = await Promise.all([apiClient(), import("@contracts/pages.ts")]);
  return api.post(`/v1/page/campaign/${encodeURIComponent(campaignId)}/join`, joinResultSchema, {
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
        queryClient.invalidateQueries({ queryKey: currentCampaignKeys.all }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]);
      options.onSuccess?.();
    },
    onError: (error) => options.onError?.(error),
  });
}
