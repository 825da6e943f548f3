import type { Route } from "./+types/campaign-preview";
import { CampaignDetails } from "~/features/campaigns/campaign-details";
import { useLandingViewed } from "~/lib/analytics/hooks";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { campaignPreviewPage } from "../../worker/domain/pages/campaign-preview.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo({ title: loaderData ? `Preview: ${loaderData.campaign.title}` : "Campaign preview", matches }),
  // A preview link is a secret shared by the advertiser: keep it out of search engines.
  { name: "robots", content: "noindex" },
];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { capabilities } = context.get(workerContext);
  return pageData(() => campaignPreviewPage(capabilities, params.token));
}

export default function CampaignPreview({ loaderData }: Route.ComponentProps) {
  useLandingViewed({ advertiserId: loaderData.campaign.advertiserId, campaignId: loaderData.campaign.id });
  return (
    <div className="preview">
      <p className="preview-banner" role="status">
        Preview: this is how creators will see the campaign. Only people with this link can open it.
      </p>
      <CampaignDetails campaign={loaderData.campaign} />
    </div>
  );
}
