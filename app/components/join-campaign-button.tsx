import { useJoinCampaign } from "~/features/campaigns/api/join-campaign";
import { notifyError, notifySuccess } from "~/lib/toast";

/** Joins a campaign through `POST /v1/page/campaign/{id}/join`, then refreshes the page's data. */
export function JoinCampaignButton({ campaignId, invitationToken }: { campaignId: string; invitationToken?: string }) {
  const join = useJoinCampaign({
    onSuccess: () => notifySuccess("You joined the campaign. Your posts count from now on."),
    // Joining refused for a reason the person must act on (an invitation, say): the toast stays.
    onError: (error) => notifyError(error, { sticky: true }),
  });
  const busy = join.isPending;
  return (
    <div className="join">
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={() => join.mutate({ campaignId, invitationToken })}
      >
        {busy ? "Joining…" : "Join campaign"}
      </button>
    </div>
  );
}
