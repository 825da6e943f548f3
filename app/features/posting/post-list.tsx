import { Link } from "react-router";
import type { PostSummary } from "@contracts/pages.ts";
import { formatDate } from "~/lib/format";
import { StatusBadge } from "~/components/ui/status-badge";
import "./post-list.css";

/** A creator's posts with the network each is on (first in its line), their status and, when there is one, the reason behind it. */
export function PostList({ posts, showCampaign = true }: { posts: PostSummary[]; showCampaign?: boolean }) {
  return (
    <ul className="post-list">
      {posts.map((post) => (
        <li key={post.id} className="card post-item">
          <p className="muted">
            {showCampaign ? (
              <>
                <Link to={`/campaign/${post.campaignId}`}>{post.campaignTitle}</Link>
                {" · "}
              </>
            ) : null}
            {`${post.networkName} · Week ${post.campaignWeek} · ${formatDate(post.postedAt)}`}
          </p>
          <p className="post-content">{post.content}</p>
          <StatusBadge status={post.status} />
          {post.statusReasons.length > 0 ? (
            <ul className="reasons" aria-label="Why">
              {post.statusReasons.map((reason) => (
                <li key={reason.code}>{reason.message}</li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
