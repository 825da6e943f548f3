import { z } from "zod";
import { networkNames } from "../contracts/networks/names.ts";
import { networks, type Network } from "../contracts/networks/rules.ts";
import type { Database } from "../database.ts";
import { allRows, type Query } from "./query.ts";

/**
 * The boards of a campaign week (migration 0060, docs/decisions/046-leaderboards.md): the first rows of one week of
 * `campaign_week_standings` in the order of one of its two indexes, with each creator's name and their choice to be
 * hidden from public boards. Nothing is added up here; the triggers keep the standings as posts, metrics and
 * conversions are written.
 */

export type LeaderboardKind = "score" | "conversions";

const standingRowSchema = z
  .object({
    week: z.number().int(),
    user_id: z.string(),
    handle: z.string(),
    name: z.string(),
    avatar_url: z.string().nullable(),
    hidden: z.number().int(),
    score: z.number().int(),
    posts: z.number().int(),
    post_networks: z.string().nullable(),
    conversions: z.number().int(),
  })
  .transform((row) => ({
    week: row.week,
    userId: row.user_id,
    handle: row.handle,
    name: row.name,
    avatarUrl: row.avatar_url,
    hidden: row.hidden === 1,
    score: row.score,
    posts: row.posts,
    postsByNetwork: postsByNetwork(row.post_networks),
    conversions: row.conversions,
  }));
export type StandingRow = z.infer<typeof standingRowSchema>;

/** `group_concat` of the networks of a creator's counted posts ("x,bluesky,x") as counts per network, X first. */
function postsByNetwork(list: string | null): { network: Network; name: string; posts: number }[] {
  const each = list === null ? [] : list.split(",");
  return networks
    .map((network) => ({ network, name: networkNames[network], posts: each.filter((item) => item === network).length }))
    .filter((entry) => entry.posts > 0);
}

/**
 * The networks of the creator's posts that count on the board (the standings' rule, migration 0060: published,
 * neither deleted nor found not eligible), read for the rows shown only, through `posts_by_user_campaign`.
 */
const POST_NETWORKS = `(SELECT group_concat(p.network) FROM posts AS p
    WHERE p.user_id = s.user_id AND p.campaign_id = s.campaign_id AND p.campaign_week = s.week
      AND p.network_post_id IS NOT NULL AND p.status NOT IN ('deleted', 'not-eligible'))`;

const WEEK_MS = 604_800_000;

/**
 * The week shown: the one asked (?2) or else the one running at `now` (?3, the first before the start), and the last
 * one for any later (worker/contracts/campaign-weeks.ts `campaignWeekAt` and `campaignWeekCount`, in SQL, so the board
 * is read in the page's one round trip without reading the campaign first).
 */
const SHOWN_WEEK = `(SELECT MIN(COALESCE(CAST(?2 AS INTEGER), MAX(1, CAST((?3 - starts_at) / ${WEEK_MS} AS INTEGER) + 1)), MAX(1, (ends_at - starts_at + ${WEEK_MS - 1}) / ${WEEK_MS}))
  FROM campaigns WHERE id = ?1)`;

const ORDER: Record<LeaderboardKind, string> = {
  score: "s.score > 0 ORDER BY s.score DESC, s.user_id",
  conversions: "s.conversions > 0 ORDER BY s.conversions DESC, s.user_id",
};

/**
 * The `limit` creators with the highest score (or the most conversions) in the week shown (`week`, or by default the
 * running one when null); creators with none are not on the board. Ties keep the index's order (user id).
 */
export function leaderboardQuery(
  db: Database,
  campaignId: string,
  kind: LeaderboardKind,
  options: { week: number | null; now: number; limit: number },
): Query<StandingRow[]> {
  return allRows(
    db
      .prepare(
        `SELECT s.week, s.user_id, u.handle, COALESCE(u.display_name, u.name) AS name, u.avatar_url, u.leaderboard_hidden AS hidden,
           s.score, s.posts, ${POST_NETWORKS} AS post_networks, s.conversions
         FROM campaign_week_standings AS s JOIN users AS u ON u.id = s.user_id
         WHERE s.campaign_id = ?1 AND s.week = ${SHOWN_WEEK} AND ${ORDER[kind]} LIMIT ?4`,
      )
      .bind(campaignId, options.week, options.now, options.limit),
    standingRowSchema,
  );
}
