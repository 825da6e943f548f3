import { z } from "zod/mini";

/**
 * The leaderboards of a campaign week (docs/decisions/046-leaderboards.md): creators ranked by score and by
 * conversions, on the campaign page (other creators see it: a creator who chose to hide appears as "A creator") and in
 * the advertiser's console (names shown, with the creator's choice marked).
 */
export const LEADERBOARD_SIZE = 10;

export const leaderboardEntrySchema = z.object({
  /** 1 for the first; equal figures share a rank (1, 2, 2, 4). */
  rank: z.number().check(z.int(), z.positive()),
  /** Null on a public board for a creator who hides their name (shown as "A creator"). */
  creator: z.nullable(z.object({ handle: z.string(), name: z.string(), avatarUrl: z.nullable(z.string()) })),
  /** The row of the person looking. */
  you: z.boolean(),
  /** The creator hides their name from public boards (the console still shows it). */
  hiddenFromPublic: z.boolean(),
  score: z.number().check(z.int()),
  posts: z.number().check(z.int()),
  /** Those posts by the network they are on, X first (only networks with posts). */
  postsByNetwork: z.array(z.object({ name: z.string(), posts: z.number().check(z.int()) })),
  conversions: z.number().check(z.int()),
});
export type LeaderboardEntry = z.infer<typeof leaderboardEntrySchema>;

export const leaderboardsSchema = z.object({
  /** The week shown, and how many the campaign has. */
  week: z.number().check(z.int(), z.positive()),
  weekCount: z.number().check(z.int(), z.positive()),
  byScore: z.array(leaderboardEntrySchema),
  byConversions: z.array(leaderboardEntrySchema),
});
export type Leaderboards = z.infer<typeof leaderboardsSchema>;

/** The `?week=` of a page with leaderboards: a week number, or null (the default week) for anything else. */
export function askedLeaderboardWeek(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,3}$/.test(value)) return null;
  return Number(value);
}
