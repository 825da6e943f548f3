import type { LeaderboardEntry, Leaderboards } from "@contracts/leaderboards.ts";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import "./leaderboards.css";
import { formatCount } from "~/lib/format";

/** How a public board names a creator who hides their name (docs/decisions/046-leaderboards.md). */
export const HIDDEN_CREATOR = "A creator";

function CreatorCell({ entry, audience }: { entry: LeaderboardEntry; audience: "public" | "console" }) {
  return (
    <th scope="row">
      {entry.creator === null ? (
        HIDDEN_CREATOR
      ) : (
        <>
          {entry.creator.name} <span className="muted">{`@${entry.creator.handle}`}</span>
        </>
      )}
      {entry.you ? <Badge tone="info">{entry.hiddenFromPublic ? "You (hidden from others)" : "You"}</Badge> : null}
      {audience === "console" && entry.hiddenFromPublic ? <Badge>Hidden on public boards</Badge> : null}
    </th>
  );
}

/** A creator's posts on the board by network ("1 on X, 2 on Bluesky"); a creator without counted posts has 0. */
function postsText(entry: LeaderboardEntry): string {
  if (entry.postsByNetwork.length === 0) return String(entry.posts);
  return entry.postsByNetwork.map(({ name, posts }) => `${posts} on ${name}`).join(", ");
}

function Board({
  caption,
  figure,
  entries,
  audience,
  empty,
}: {
  caption: string;
  figure: "score" | "conversions";
  entries: LeaderboardEntry[];
  audience: "public" | "console";
  empty: string;
}) {
  return (
    <div className="leaderboard">
      <h3>{caption}</h3>
      {entries.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <table className="leaderboard-table">
          <thead>
            <tr>
              <th scope="col">Rank</th>
              <th scope="col">Creator</th>
              <th scope="col">{figure === "score" ? "Score" : "Conversions"}</th>
              <th scope="col">Posts</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => (
              <tr key={`${entry.rank}-${index}`} className={entry.you ? "leaderboard-you" : undefined}>
                <td>{entry.rank}</td>
                <CreatorCell entry={entry} audience={audience} />
                <td>{formatCount(figure === "score" ? entry.score : entry.conversions)}</td>
                <td>{postsText(entry)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * A campaign week's leaderboards: creators by score and by conversions, with a link per week (`?week=`). On the
 * campaign page (`public`) the names of creators who hide them read "A creator"; the console sees every name.
 * Loaded on demand by its routes, so the campaign page's first load does not carry it.
 */
export default function LeaderboardSection({ leaderboards, audience }: { leaderboards: Leaderboards; audience: "public" | "console" }) {
  const weeks = Array.from({ length: leaderboards.weekCount }, (_, index) => index + 1);
  return (
    <Card title={`Leaderboard, week ${leaderboards.week}`} className="leaderboards">
      {weeks.length > 1 ? (
        <nav className="leaderboard-weeks" aria-label="Leaderboard week">
          {weeks.map((week) => (
            <ButtonLink
              key={week}
              to={`?week=${week}`}
              size="small"
              variant={week === leaderboards.week ? "primary" : "secondary"}
              aria-current={week === leaderboards.week ? "page" : undefined}
              preventScrollReset
            >
              {`Week ${week}`}
            </ButtonLink>
          ))}
        </nav>
      ) : null}
      <div className="leaderboard-boards">
        <Board
          caption="By score"
          figure="score"
          entries={leaderboards.byScore}
          audience={audience}
          empty="No scored posts this week yet."
        />
        <Board
          caption="By conversions"
          figure="conversions"
          entries={leaderboards.byConversions}
          audience={audience}
          empty="No conversions brought this week yet."
        />
      </div>
      {audience === "public" ? (
        <p className="muted small">You can hide your name from this board in your settings.</p>
      ) : (
        <p className="muted small">Creators who hide their name read “A creator” on the campaign page; you see every name.</p>
      )}
    </Card>
  );
}
