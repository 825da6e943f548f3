import { campaignWeekAt, campaignWeekCount, type CampaignSpan } from "../../contracts/campaign-weeks.ts";
import { LEADERBOARD_SIZE, type LeaderboardEntry, type Leaderboards } from "../../contracts/leaderboards.ts";
import { leaderboardQuery, type LeaderboardKind, type StandingRow } from "../../db/leaderboards.ts";
import type { Database } from "../../database.ts";

/**
 * The two boards of a campaign week (docs/decisions/046-leaderboards.md), read in the caller's batch: the top
 * `LEADERBOARD_SIZE` by score and by conversions of week `week`, or of the week shown by default (the running one, the
 * first before the start, the last after the end).
 */
export function leaderboardQueries(db: Database, campaignId: string, week: number | null, now: number) {
  const options = { week, now, limit: LEADERBOARD_SIZE };
  return [leaderboardQuery(db, campaignId, "score", options), leaderboardQuery(db, campaignId, "conversions", options)] as const;
}

/** Who is looking: a creator on the campaign page (hidden names are hidden, but their own row says it is theirs), or a member of the advertiser's account. */
export type LeaderboardViewer = { kind: "public"; userId: string } | { kind: "console" };

/** The week the boards show: the asked one within the campaign's weeks, else the one the statements chose by default. */
export function shownLeaderboardWeek(campaign: CampaignSpan, asked: number | null, now: number): number {
  const count = campaignWeekCount(campaign);
  return Math.min(asked ?? campaignWeekAt(campaign, now), count);
}

function ranked(rows: readonly StandingRow[], kind: LeaderboardKind, viewer: LeaderboardViewer): LeaderboardEntry[] {
  const figure = (row: StandingRow) => (kind === "score" ? row.score : row.conversions);
  let rank = 0;
  return rows.map((row, index) => {
    if (index === 0 || figure(row) !== figure(rows[index - 1] as StandingRow)) rank = index + 1;
    const you = viewer.kind === "public" && viewer.userId === row.userId;
    const named = viewer.kind === "console" || !row.hidden || you;
    return {
      rank,
      creator: named ? { handle: row.handle, name: row.name, avatarUrl: row.avatarUrl } : null,
      you,
      hiddenFromPublic: row.hidden,
      score: row.score,
      posts: row.posts,
      postsByNetwork: row.postsByNetwork.map(({ name, posts }) => ({ name, posts })),
      conversions: row.conversions,
    };
  });
}

/** The boards from their reads, for `viewer`. */
export function leaderboardsFrom(
  campaign: CampaignSpan,
  asked: number | null,
  now: number,
  [byScore, byConversions]: readonly [StandingRow[], StandingRow[]],
  viewer: LeaderboardViewer,
): Leaderboards {
  return {
    week: shownLeaderboardWeek(campaign, asked, now),
    weekCount: campaignWeekCount(campaign),
    byScore: ranked(byScore, "score", viewer),
    byConversions: ranked(byConversions, "conversions", viewer),
  };
}
