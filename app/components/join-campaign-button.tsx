import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { joinResultSchema } from "../../worker/contracts/pages.ts";
import { browserClients } from "~/lib/api/browser-clients";
import { notificationKeys } from "~/lib/notifications";
import { notifyError, notifySuccess } from "~/lib/toast";
import { useTRPC } from "~/lib/trpc";

/** Joins a campaign through `POST /v1/page/campaign/{id}/join`, then refreshes the page's data. */
export function JoinCampaignButton({ campaignId, invitationId }: { campaignId: string; invitationId?: string }) {
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const [busy, setBusy] = useState(false);
  return (
    <div className="join">
      <button
        type="button"
        className="button button-primary"
        disabled={busy}
        aria-busy={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await browserClients().api.post(`/v1/page/campaign/${encodeURIComponent(campaignId)}/join`, joinResultSchema, {
              body: invitationId === undefined ? {} : { invitationId },
              required: { campaignId },
            });
            await Promise.all([
              revalidator.revalidate(),
              queryClient.invalidateQueries({ queryKey: trpc.listCurrentCampaigns.queryKey() }),
              queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
            ]);
            notifySuccess("You joined the campaign. Your posts count from now on.");
          } catch (error) {
            // Joining refused for a reason the person must act on (an invitation, say): the toast stays.
            notifyError(error, { sticky: true });
          } finally {
            setBusy(false);
          }
        }}
      >
        {busy ? "Joining…" : "Join campaign"}
      </button>
    </div>
  );
}
