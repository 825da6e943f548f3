import type { Route } from "./+types/past-campaigns";
import { PastCampaignsPage } from "~/features/campaigns/campaign-lists";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { pastCampaignsPage } from "../../worker/domain/pages/campaign-lists.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Past campaigns", matches });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pastCampaignsPage(context.get(workerContext).capabilities, session.userId);
}

export default function PastCampaigns({ loaderData }: Route.ComponentProps) {
  return <PastCampaignsPage {...loaderData} />;
}
