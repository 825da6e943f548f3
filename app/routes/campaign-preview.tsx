import type { Route } from "./+types/campaign-preview";
import { CampaignPreviewPage } from "~/features/campaigns/campaign-preview-page";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { campaignPreviewPage } from "@loaders/campaign-preview.server.ts";

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
  return <CampaignPreviewPage {...loaderData} />;
}
