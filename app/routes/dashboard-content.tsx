import { Link } from "react-router";
import type { CurrentUser } from "@contracts/current-user.ts";
import type { DashboardPage } from "@contracts/pages.ts";
import { CampaignGrid } from "~/features/campaigns/campaign-card";
import { MyCommissions } from "~/features/commissions/my-commissions";
import { EligibleCampaignBanners } from "~/features/notifications/eligible-campaign-banners";
import { PostList } from "~/features/posting/post-list";
import { BalanceSummary } from "~/features/withdrawals/balance-summary";

/**
 * The signed-in creator's dashboard; the route loads it on demand, so the signed-out home (the sign-in page) does not.
 * Not a route itself: it sits beside its route because it composes five features (notifications, withdrawals,
 * commissions, campaigns, posting), which only the route level may do.
 */
export default function DashboardContent({ page, user }: { page: DashboardPage; user: CurrentUser }) {
  return (
    <>
      <section className="page-heading">
        <h1>Dashboard</h1>
        <p className="lead">{`Welcome back, @${user.twitterHandle}.`}</p>
      </section>
      <EligibleCampaignBanners rendered={page.payoutsToConfirm} />
      <BalanceSummary balances={page.balances} title="Earnings so far" />
      <MyCommissions />
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
