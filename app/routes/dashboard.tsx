import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { CampaignGrid } from "~/components/campaign-card";
import { seo } from "~/lib/seo";
import { SignInPage } from "~/components/sign-in";
import { useCurrentUser } from "~/lib/current-user";
import { workerContext } from "~/worker-context";
import { listCampaignsByStatus } from "../../worker/db/campaigns.ts";
import { currentCampaignStatuses } from "../../worker/contracts/vocabulary.ts";

export const meta: Route.MetaFunction = () => seo({ title: "Dashboard" });

export async function loader({ context }: Route.LoaderArgs) {
  const { env, clock, session } = context.get(workerContext);
  if (session === null) return { campaigns: [], now: clock.now() };
  const campaigns = await listCampaignsByStatus(env.DB, currentCampaignStatuses, { limit: 6 });
  return { campaigns, now: clock.now() };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  if (user === null) return <SignInPage />;
  return (
    <>
      <section className="page-heading">
        <h1>Dashboard</h1>
        <p className="lead">
          {`Welcome back, @${user.twitterHandle}.`} These campaigns are running now: join one, post on X through Chorus, and
          earn rewards.
        </p>
      </section>
      <section aria-labelledby="current-campaigns">
        <div className="section-heading">
          <h2 id="current-campaigns">Current campaigns</h2>
          <Link to="/campaigns">See all campaigns</Link>
        </div>
        <CampaignGrid
          campaigns={loaderData.campaigns}
          now={loaderData.now}
          emptyMessage="No campaign is running right now. New campaigns appear here as soon as they start."
        />
      </section>
    </>
  );
}
