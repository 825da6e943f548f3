import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { BalanceSummary } from "~/components/balance-summary";
import { CampaignGrid } from "~/components/campaign-card";
import { EligibleCampaignBanners } from "~/components/eligible-campaign-banners";
import { PostList } from "~/components/post-list";
import { SignInPage } from "~/components/sign-in";
import { useCurrentUser } from "~/lib/current-user";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { dashboardPage } from "../../worker/domain/pages/dashboard.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Dashboard", matches });

/** Server-rendered for a signed-in creator from the same function as `GET /v1/page/dashboard`. */
export async function loader({ context }: Route.LoaderArgs) {
  const { capabilities, session } = context.get(workerContext);
  if (session === null) return { page: null };
  return { page: await dashboardPage(capabilities, session.userId) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  const { page } = loaderData;
  if (user === null || page === null) return <SignInPage />;
  return (
    <>
      <section className="page-heading">
        <h1>Dashboard</h1>
        <p className="lead">{`Welcome back, @${user.twitterHandle}.`}</p>
      </section>
      <EligibleCampaignBanners />
      <BalanceSummary balances={page.balances} title="Earnings so far" />
      <section aria-labelledby="your-campaigns">
        <div className="section-heading">
          <h2 id="your-campaigns">Your campaigns</h2>
          <Link to="/past-campaigns">Past campaigns</Link>
        </div>
        <CampaignGrid
          campaigns={page.joinedCampaigns}
          now={page.now}
          emptyMessage="You have not joined a campaign yet. Pick one below to start earning."
        />
      </section>
      <section aria-labelledby="open-campaigns">
        <div className="section-heading">
          <h2 id="open-campaigns">Campaigns you can join</h2>
          <Link to="/campaigns">See all campaigns</Link>
        </div>
        <CampaignGrid
          campaigns={page.openCampaigns}
          now={page.now}
          emptyMessage="No other campaign is running right now. New campaigns appear here as soon as they start."
        />
      </section>
      <section aria-labelledby="recent-posts">
        <h2 id="recent-posts">Recent posts</h2>
        {page.recentPosts.length === 0 ? (
          <p className="empty-state">Your posts appear here with their status once you post through Chorus.</p>
        ) : (
          <PostList posts={page.recentPosts} />
        )}
      </section>
    </>
  );
}
