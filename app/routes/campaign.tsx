import { data } from "react-router";
import type { Route } from "./+types/campaign";
import { CampaignDetails } from "~/components/campaign-details";
import { seo } from "~/lib/seo";
import { requireSession } from "~/lib/session.server";
import { workerContext } from "~/worker-context";
import { findCampaignListing } from "../../worker/db/campaigns.ts";

export const meta: Route.MetaFunction = ({ loaderData }) =>
  seo({ title: loaderData?.campaign.title ?? "Campaign", image: loaderData?.campaign.imageUrl });

export async function loader({ context, params }: Route.LoaderArgs) {
  requireSession(context);
  const { env } = context.get(workerContext);
  const campaign = await findCampaignListing(env.DB, params.campaignId);
  // Invite-only campaigns stay hidden from people browsing by id; their invitation page shows them.
  if (campaign === null || campaign.visibility === "invite-only") throw data(null, { status: 404 });
  return { campaign };
}

export default function CampaignPage({ loaderData }: Route.ComponentProps) {
  return <CampaignDetails campaign={loaderData.campaign} />;
}
