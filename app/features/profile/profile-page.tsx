import type { ReactNode } from "react";
import { Link } from "react-router";
import { networkAccounts } from "@contracts/networks/accounts.ts";
import type { PostSummary, ProfilePage as ProfilePageData } from "@contracts/pages.ts";
import { useCurrentUser } from "~/lib/current-user";
import "./profile.css";

/**
 * `/profile`: who the creator is, their numbers and their posts. What other features show here comes from the route:
 * `money` (the balance and the withdrawals) and `renderPosts` (the post list).
 */
export function ProfilePage({
  page,
  money,
  renderPosts,
}: {
  page: Pick<ProfilePageData, "stats" | "posts" | "postedCampaigns" | "handleNetwork">;
  money: ReactNode;
  renderPosts: (posts: PostSummary[]) => ReactNode;
}) {
  const user = useCurrentUser();
  if (user === null) return null;
  const { stats, posts, postedCampaigns, handleNetwork } = page;
  const [latest, ...others] = postedCampaigns;
  const eligible = (stats.byStatus.eligible ?? 0) + (stats.byStatus["eligible-bonus"] ?? 0) + (stats.byStatus.claimed ?? 0);
  const rewarded = (stats.byStatus.rewarded ?? 0) + (stats.byStatus.paid ?? 0) + (stats.byStatus["paid-bonus"] ?? 0);
  return (
    <>
      <section className="page-heading profile-heading">
        {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" width="72" height="72" className="avatar avatar-large" /> : null}
        <div>
          <h1>{user.userName}</h1>
          <p className="lead">
            <a href={networkAccounts[handleNetwork].profileUrl(user.twitterHandle)} target="_blank" rel="noopener noreferrer">
              {`@${user.twitterHandle}`}
            </a>
            {user.userRoles.length > 0 ? ` · ${user.userRoles.join(", ")}` : ""}
          </p>
          <Link to="/profile/settings">Settings</Link>
        </div>
      </section>
      {money}
      <section aria-labelledby="stats">
        <h2 id="stats">Your numbers</h2>
        <dl className="facts facts-wide">
          <div>
            <dt>Campaigns joined</dt>
            <dd>{stats.campaignsJoined}</dd>
          </div>
          <div>
            <dt>Posts</dt>
            <dd>{stats.posts}</dd>
          </div>
          <div>
            <dt>Eligible</dt>
            <dd>{eligible}</dd>
          </div>
          <div>
            <dt>Rewarded</dt>
            <dd>{rewarded}</dd>
          </div>
        </dl>
      </section>
      <section aria-labelledby="post-history">
        <h2 id="post-history">Your posts</h2>
        {latest === undefined ? (
          <p className="empty-state">
            You have not posted through Chorus yet. <Link to="/campaigns">Find a campaign</Link> to get started.
          </p>
        ) : (
          <>
            <p className="muted">
              {"Your latest posts, in "}
              <Link to={`/campaign/${latest.campaignId}`}>{latest.title}</Link>
              {". Each campaign's page lists your posts in it."}
            </p>
            {renderPosts(posts)}
          </>
        )}
        {others.length > 0 ? (
          <nav aria-labelledby="posted-elsewhere" className="posted-campaigns">
            <h3 id="posted-elsewhere">Your posts in other campaigns</h3>
            <ul>
              {others.map((campaign) => (
                <li key={campaign.campaignId}>
                  <Link to={`/campaign/${campaign.campaignId}`}>{campaign.title}</Link>
                  {` · ${campaign.posts === 1 ? "1 post" : `${campaign.posts} posts`}`}
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </section>
    </>
  );
}
