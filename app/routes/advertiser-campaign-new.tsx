import type { Route } from "./+types/advertiser-campaign-new";
import { CampaignForm } from "~/features/advertiser-campaigns/campaign-form";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserCampaignNewPage } from "@loaders/advertiser-campaign-new.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "New campaign", matches });

export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserCampaignNewPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserCampaignNew({ loaderData }: Route.ComponentProps) {
  return <CampaignForm key="new" page={loaderData} />;
}
