import { Link } from "react-router";
import type { Route } from "./+types/profile";
import { StatusBadge } from "~/components/status-badge";
import { useCurrentUser } from "~/lib/current-user";
import { formatDate } from "~/lib/format";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { listPostsOfUser } from "../../worker/db/posts.ts";

export const meta: Route.MetaFunction = () => seo({ title: "Profile" });

export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  const { env } = context.get(workerContext);
  return { posts: await listPostsOfUser(env.DB, session.userId) };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const user = useCurrentUser();
  if (user === null) return null;
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
      <section aria-labelledby="post-history">
        <h2 id="post-history">Your posts</h2>
        {loaderData.posts.length === 0 ? (
          <p className="empty-state">
            You have not posted through Chorus yet. <Link to="/campaigns">Find a campaign</Link> to get started.
          </p>
        ) : (
          <ul className="post-list">
            {loaderData.posts.map((post) => (
              <li key={post.id} className="card post-item">
                <p className="muted">
                  <Link to={`/campaign/${post.campaignId}`}>{post.campaignTitle}</Link> · {formatDate(post.postedAt)}
                </p>
                <p>{post.content}</p>
                <StatusBadge status={post.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
