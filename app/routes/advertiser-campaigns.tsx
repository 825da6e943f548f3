import type { Route } from "./+types/advertiser-campaigns";
import { CampaignListPage } from "~/features/advertiser-campaigns/campaign-list";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserCampaignsPage } from "@loaders/advertiser-campaigns.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Campaigns of ${loaderData.account.name}` : "Campaigns", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserCampaignsPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserCampaigns({ loaderData }: Route.ComponentProps) {
  return <CampaignListPage key={loaderData.account.id} page={loaderData} />;
}
