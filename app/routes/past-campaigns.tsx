import type { Route } from "./+types/past-campaigns";
import { CampaignGrid } from "~/components/campaign-card";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { pastCampaignCards } from "../../worker/domain/campaigns/pages.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Past campaigns", matches });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { env, clock } = context.get(workerContext);
  return { campaigns: await pastCampaignCards({ db: env.DB, clock }, session.userId), now: clock.now() };
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
