import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CampaignInvitationsPage as CampaignInvitationsPageData } from "@contracts/campaign-invitations.ts";
import { PageHeader } from "~/components/ui/page-header";
import { CreateInvitationForm } from "./create-invitation-form";
import { InvitationList } from "./invitation-list";

/**
 * `/advertiser/{advertiserId}/campaigns/{campaignId}/invitations`: the campaign's funding (from the route: the
 * advertiser-funding feature's panel), "Create an invitation" and the list.
 */
export function CampaignInvitationsPage({ page, funding }: { page: CampaignInvitationsPageData; funding: ReactNode }) {
  const { account, campaign } = page;
  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow={
          <>
            <Link to="/advertiser">Advertiser accounts</Link>
            {" · "}
            <Link to={`/advertiser/${encodeURIComponent(account.id)}/funds`}>{`Funds of ${account.name}`}</Link>
          </>
        }
        title={`Invitations to ${campaign.title}`}
        description={
          campaign.visibility === "invite-only"
            ? "This campaign is invite-only: creators join with an invitation link."
            : "This campaign is public: anyone can join; an invitation link still brings creators straight to it."
        }
      />

      {funding}
      <CreateInvitationForm advertiserId={account.id} campaignId={campaign.id} />

      <InvitationList advertiserId={account.id} campaignId={campaign.id} initial={page.invitations} />
    </div>
  );
}
