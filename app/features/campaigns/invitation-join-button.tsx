import { AppProviders } from "~/components/app-providers";
import { JoinCampaignButton } from "./join-campaign-button";

/**
 * The invitation page's Join button with the data clients it needs. Only a signed-in visitor sees it, so the
 * invitation page loads it (and TanStack Query, tRPC, the contracts' schemas) on demand.
 */
export default function InvitationJoinButton({ campaignId, invitationToken }: { campaignId: string; invitationToken: string }) {
  return (
    <AppProviders>
      <JoinCampaignButton campaignId={campaignId} invitationToken={invitationToken} />
    </AppProviders>
  );
}
