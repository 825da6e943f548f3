import type { Route } from "./+types/past-campaigns";
import { CampaignGrid } from "~/features/campaigns/campaign-card";
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
  return (
    <>
      <section className="page-heading">
        <h1>Past campaigns</h1>
        <p className="lead">Campaigns that have ended, with how your posts did. Rewards are final once a campaign is evaluated.</p>
      </section>
      <CampaignGrid campaigns={loaderData.campaigns} now={loaderData.now} emptyMessage="No campaign has ended yet." />
    </>
  );
}
