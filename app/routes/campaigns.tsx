import { Link } from "react-router";
import type { Route } from "./+types/campaigns";
import { CampaignGrid } from "~/features/campaigns/campaign-card";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { allCampaignsPage } from "../../worker/domain/pages/campaign-lists.ts";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({ title: "All Campaigns", description: "Every campaign you can join: rewards, deadlines and rules.", matches });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return allCampaignsPage(context.get(workerContext).capabilities, session.userId);
}

export default function Campaigns({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="page-heading">
        <h1>All Campaigns</h1>
        <p className="lead">
          Campaigns running now and starting soon. Looking for finished ones? See <Link to="/past-campaigns">past campaigns</Link>.
        </p>
      </section>
      <section aria-labelledby="running-now">
        <h2 id="running-now">Running now</h2>
        <CampaignGrid campaigns={loaderData.current} now={loaderData.now} emptyMessage="No campaign is running right now." />
      </section>
      <section aria-labelledby="starting-soon">
        <h2 id="starting-soon">Starting soon</h2>
        <CampaignGrid campaigns={loaderData.upcoming} now={loaderData.now} emptyMessage="Nothing is scheduled yet." />
      </section>
    </>
  );
}
