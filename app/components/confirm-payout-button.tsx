import { useState } from "react";
import { useRevalidator } from "react-router";
import { z } from "zod";
import { browserClients } from "~/lib/api/browser-clients";
import { notifyError } from "~/lib/toast";

/** Claims the creator's eligible posts of a campaign (`POST /v1/action/payout/confirm/{campaignId}`). */
export function ConfirmPayoutButton({ campaignId, claimable }: { campaignId: string; claimable: number }) {
  const revalidator = useRevalidator();
  const [state, setState] = useState<"idle" | "busy" | "done">("idle");
  if (state === "done") {
    return (
      <p className="notice notice-success" role="status">
        Payout confirmed. Your reward is credited to your balance when the campaign is evaluated.
      </p>
    );
  }
  return (
    <div className="claim">
      <p>
        {`You have ${claimable} eligible ${claimable === 1 ? "post" : "posts"}. Confirm your payout before the campaign is evaluated, or the reward expires.`}
      </p>
      <button
        type="button"
        className="button button-primary"
        disabled={state === "busy"}
        aria-busy={state === "busy"}
        onClick={async () => {
          setState("busy");
          try {
            await browserClients().api.post(`/v1/action/payout/confirm/${encodeURIComponent(campaignId)}`, z.unknown(), {
              required: { campaignId },
            });
            setState("done");
            void revalidator.revalidate();
          } catch (caught) {
            notifyError(caught);
            setState("idle");
          }
        }}
      >
        {state === "busy" ? "Confirming…" : "Confirm payout"}
      </button>
    </div>
  );
}
