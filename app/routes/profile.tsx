import { Link } from "react-router";
import type { Route } from "./+types/profile";
import { BalanceSummary } from "~/features/withdrawals/balance-summary";
import { PostList } from "~/features/posting/post-list";
import { WithdrawalHistory } from "~/features/withdrawals/withdrawal-history";
import { useCurrentUser } from "~/lib/current-user";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { profilePage } from "../../worker/domain/pages/profile.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Profile", matches });

/** Server-rendered from the same function as `GET /v1/page/profile`. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return profilePage(context.get(workerContext).capabilities, session.userId);
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  if (user === null) return null;
  const { stats, posts } = loaderData;
  const eligible = (stats.byStatus.eligible ?? 0) + (stats.byStatus["eligible-bonus"] ?? 0) + (stats.byStatus.claimed ?? 0);
  const rewarded = (stats.byStatus.rewarded ?? 0) + (stats.byStatus.paid ?? 0) + (stats.byStatus["paid-bonus"] ?? 0);
  return (
    <>
      <section className="page-heading profile-heading">
        {user.profileImageUrl ? <img src={user.profileImageUrl} alt="" width="72" height="72" className="avatar avatar-large" /> : null}
        <div>
          <h1>{user.userName}</h1>
          <p className="lead">
            <a href={`https://x.com/${user.twitterHandle}`} target="_blank" rel="noopener noreferrer">
              {`@${user.twitterHandle}`}
            </a>
            {user.userRoles.length > 0 ? ` · ${user.userRoles.join(", ")}` : ""}
          </p>
          <Link to="/profile/settings">Settings</Link>
        </div>
      </section>
      <BalanceSummary balances={loaderData.balances} />
      <WithdrawalHistory />
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
        {posts.length === 0 ? (
          <p className="empty-state">
            You have not posted through Chorus yet. <Link to="/campaigns">Find a campaign</Link> to get started.
          </p>
        ) : (
          <PostList posts={posts} />
        )}
      </section>
    </>
  );
}
