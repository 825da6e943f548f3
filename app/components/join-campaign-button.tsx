import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { joinResultSchema } from "../../worker/contracts/pages.ts";
import { browserClients } from "~/lib/api/browser-clients";
import { ApiRequestError } from "~/lib/api/http-client";
import { notificationKeys } from "~/lib/notifications";
import { useTRPC } from "~/lib/trpc";

/** Joins a campaign through `POST /v1/page/campaign/{id}/join`, then refreshes the page's data. */
export function JoinCampaignButton({ campaignId, invitationId }: { campaignId: string; invitationId?: string }) {
  const revalidator = useRevalidator();
  const queryClient = useQueryClient();
  const trpc = useTRPC();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  return (
    <div className="join">
      <button
        type="button"
        className="button button-primary"
        disabled={state.busy}
        aria-busy={state.busy}
        onClick={async () => {
          setState({ busy: true, error: null });
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
            setState({ busy: false, error: null });
          } catch (error) {
            const message = error instanceof ApiRequestError ? error.message : "Error, please contact support.";
            setState({ busy: false, error: message });
          }
        }}
      >
        {state.busy ? "Joining…" : "Join campaign"}
      </button>
      {state.error === null ? null : (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
    </div>
  );
}
