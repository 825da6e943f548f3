import type { Route } from "./+types/advertiser-campaign-invitations";
import { CampaignFundingPanel } from "~/features/advertiser-funding/campaign-funding-panel";
import { CampaignInvitationsPage } from "~/features/campaign-invitations/campaign-invitations-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserCampaignInvitationsPage } from "@loaders/advertiser-campaign-invitations.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Invitations to ${loaderData.campaign.title}` : "Invitations", matches });

/** Server-rendered for members of the account that owns the campaign; anyone else gets "Page Not Found". */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() =>
    advertiserCampaignInvitationsPage(
      context.get(workerContext).capabilities,
      session.userId,
      params.advertiserId,
      params.campaignId,
      new URL(request.url).origin,
    ),
  );
}

export default function AdvertiserCampaignInvitations({ loaderData }: Route.ComponentProps) {
  const { account, campaign, funding } = loaderData;
  return (
    <CampaignInvitationsPage
      key={campaign.id}
      page={loaderData}
      funding={<CampaignFundingPanel advertiserId={account.id} campaignId={campaign.id} funding={funding} />}
    />
  );
}
