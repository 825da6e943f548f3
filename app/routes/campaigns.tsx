import type { Route } from "./+types/campaigns";
import { AllCampaignsPage } from "~/features/campaigns/campaign-lists";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { allCampaignsPage } from "@loaders/campaigns.server.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "All Campaigns", description: "Every campaign you can join: rewards, deadlines and rules.", matches });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return allCampaignsPage(context.get(workerContext).capabilities, session.userId);
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  return <AllCampaignsPage {...loaderData} />;
}
