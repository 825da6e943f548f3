import { useConfirmPayout } from "./api/confirm-payout";
import { analyticsAttributes } from "~/lib/analytics/click-attributes";
import { notifyError } from "~/lib/toast";
import "./rewards.css";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";

/**
 * Claims the creator's eligible posts of a campaign (`POST /v1/action/payout/confirm/{campaignId}`); nothing while
 * there is none to claim, except the confirmation of the claim just made.
 */
export function ConfirmPayoutButton({ campaignId, claimable }: { campaignId: string; claimable: number }) {
  const confirm = useConfirmPayout({ onError: (error) => notifyError(error) });
  if (confirm.isSuccess) {
    return <Notice tone="success">Payout confirmed. Your reward is credited to your balance when the campaign is evaluated.</Notice>;
  }
  if (claimable === 0) return null;
  const busy = confirm.isPending;
  return (
    <div className="claim">
      <p>
        {`You have ${claimable} eligible ${claimable === 1 ? "post" : "posts"}. Confirm your payout before the campaign is evaluated, or the reward expires.`}
      </p>
      <Button
        variant="primary"
        disabled={busy}
        aria-busy={busy}
        {...analyticsAttributes("payout_confirm_clicked", "confirm-payout", { campaign_id: campaignId })}
        onClick={() => confirm.mutate(campaignId)}
      >
        {busy ? "Confirming…" : "Confirm payout"}
      </Button>
    </div>
  );
}
