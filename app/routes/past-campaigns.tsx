import type { Route } from "./+types/past-campaigns";
import { CampaignGrid } from "~/components/campaign-card";
import { seo } from "~/lib/seo";
import { requireSession } from "~/lib/session.server";
import { workerContext } from "~/worker-context";
import { listCampaignsByStatus } from "../../worker/db/campaigns.ts";
import { pastCampaignStatuses } from "../../worker/contracts/vocabulary.ts";

export const meta: Route.MetaFunction = () => seo({ title: "Past campaigns" });

export async function loader({ context }: Route.LoaderArgs) {
  requireSession(context);
  const { env, clock } = context.get(workerContext);
  const campaigns = await listCampaignsByStatus(env.DB, pastCampaignStatuses);
  return { campaigns: campaigns.reverse(), now: clock.now() };
}

export default function PastCampaigns({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="page-heading">
        <h1>Past campaigns</h1>
        <p className="lead">Campaigns that have ended. Rewards are final once a campaign is evaluated.</p>
      </section>
      <CampaignGrid campaigns={loaderData.campaigns} now={loaderData.now} emptyMessage="No campaign has ended yet." />
    </>
  );
}
