import type { Route } from "./+types/past-campaigns";
import { PastCampaignsPage } from "~/features/campaigns/campaign-lists";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { pastCampaignsCursorOf, pastCampaignsPage } from "@loaders/past-campaigns.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Past campaigns", matches });

/** `?before=<endsAt>.<id>`: the page after the one whose "Older campaigns" link carried it (an unreadable one: the first). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  const before = pastCampaignsCursorOf(new URL(request.url).searchParams.get("before"));
  return pastCampaignsPage(context.get(workerContext).capabilities, session.userId, before);
}

export default function PastCampaigns({ loaderData }: Route.ComponentProps) {
  return <PastCampaignsPage {...loaderData} />;
}
