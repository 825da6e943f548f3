import { useJoinCampaign } from "./api/join-campaign";
import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { useAnalyticsScope } from "~/lib/analytics/scope";
import { notifyError, notifySuccess } from "~/lib/toast";
import { Button } from "~/components/ui/button";

/**
 * Joins a campaign through `POST /v1/page/campaign/{id}/join`, then refreshes the page's data. Tracked as
 * `campaign_join_clicked`; a join that succeeds sends `campaign_joined`.
 */
export function JoinCampaignButton({ campaignId, invitationToken }: { campaignId: string; invitationToken?: string }) {
  const { advertiserId } = useAnalyticsScope();
  const join = useJoinCampaign({
    advertiserId,
    onSuccess: () => notifySuccess("You joined the campaign. Your posts count from now on."),
    // Joining refused for a reason the person must act on (an invitation, say): the toast stays.
    onError: (error) => notifyError(error, { sticky: true }),
  });
  const busy = join.isPending;
  return (
    <div className="join">
      <Button
        variant="primary"
        disabled={busy}
        aria-busy={busy}
        {...analyticsAttributes("campaign_join_clicked", "join-campaign", { campaign_id: campaignId, advertiser_id: advertiserId })}
        onClick={() => join.mutate({ campaignId, invitationToken })}
      >
        {busy ? "Joining…" : "Join campaign"}
      </Button>
    </div>
  );
}
