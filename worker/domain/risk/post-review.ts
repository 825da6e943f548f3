import { chunked } from "../../contracts/collections.ts";
import type { StatusReason } from "../../contracts/campaign-rules.ts";
import { insertAccountsStatement, insertEntriesStatement, type NewLedgerEntryOf } from "../../db/ledger.ts";
import { runBatch } from "../../db/query.ts";
import {
  campaignRiskSettingsQuery,
  decidedReviewGuard,
  postEvidenceQuery,
  RECENT_GAIN_DAYS,
  type NewReview,
  type PostEvidenceRow,
} from "../../db/risk-reviews.ts";
import type { Database } from "../../database.ts";
import {
  campaignBonusPoolAccount,
  campaignPoolAccount,
  campaignRewardHoldAccount,
  creatorAvailableAccount,
  type LedgerAccount,
} from "../ledger/accounts.ts";
import { isHeld, scorePost, type PostEvidence } from "./score.ts";

/**
 * Pool-rewarded posts in review (docs/decisions/047-risk-and-review.md): at evaluation each post that would be paid is
 * scored on what is stored about it, and one at or above its campaign's threshold is held (its share waits in the
 * campaign's hold account) until a member decides, as a held commission does: approved, it is paid to the creator;
 * rejected, it goes back to the pools it came from.
 */

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Posts whose evidence one statement reads. */
const EVIDENCE_CHUNK = 500;

/**
 * A post's daily gains, oldest first, over the last RECENT_GAIN_DAYS days up to its last day with a gain (never before
 * the day it was posted): a day without a row gained nothing.
 */
export function dailyGains(row: Pick<PostEvidenceRow, "recent_gains" | "posted_at">): number[] {
  const days = JSON.parse(row.recent_gains) as [number, number][];
  const lastDay = days[0]?.[0];
  if (lastDay === undefined) return [];
  const byDay = new Map(days);
  const postedDay = Math.floor(row.posted_at / DAY_MS) * DAY_MS;
  const gains: number[] = [];
  for (let day = Math.max(postedDay, lastDay - (RECENT_GAIN_DAYS - 1) * DAY_MS); day <= lastDay; day += DAY_MS) {
    gains.push(byDay.get(day) ?? 0);
  }
  return gains;
}

export type PostScoring = {
  /** Held posts, each with the reasons its creator reads on the post. */
  held: Map<string, StatusReason[]>;
  reviews: NewReview[];
};

export const heldNotice: StatusReason = {
  code: "held-for-review",
  message: "Held for the advertiser's review: the reward is paid once approved, or when the review window ends undecided.",
};

/** Scores the posts that would be paid and says which are held, with the reviews to write in the evaluation's batch. */
export async function scoreRewardedPosts(
  db: Database,
  campaign: { id: string; advertiserId: string },
  rewarded: readonly { postId: string; userId: string; poolAmount: number; bonusAmount: number; week: number }[],
  now: number,
): Promise<PostScoring> {
  const held = new Map<string, StatusReason[]>();
  const reviews: NewReview[] = [];
  if (rewarded.length === 0) return { held, reviews };
  const [settings] = await runBatch(db, [campaignRiskSettingsQuery(db, campaign.id)]);
  const threshold = settings?.review_threshold ?? 70;
  const windowHours = settings?.review_window_hours ?? 48;
  const byPost = new Map(rewarded.map((post) => [post.postId, post]));
  for (const ids of chunked(
    rewarded.map((post) => post.postId),
    EVIDENCE_CHUNK,
  )) {
    const [rows] = await runBatch(db, [postEvidenceQuery(db, ids)]);
    for (const row of rows) {
      const evidence: PostEvidence = {
        impressions: row.impressions,
        likes: row.likes,
        reposts: row.reposts,
        dailyImpressionGains: dailyGains(row),
        sameTextOtherCreators: row.same_text_other_creators,
        creatorJoinedAt: row.creator_joined_at,
        scoredAt: now,
      };
      const scored = scorePost(evidence);
      const post = byPost.get(row.post_id);
      if (post === undefined || !isHeld(scored.score, threshold)) continue;
      held.set(row.post_id, [heldNotice, ...scored.reasons.map((reason) => ({ code: `risk-${reason.signal}`, message: reason.text }))]);
      reviews.push({
        itemId: row.post_id,
        advertiserId: campaign.advertiserId,
        campaignId: campaign.id,
        creatorId: row.user_id,
        score: scored.score,
        reasons: scored.reasons,
        evidence: {
          week: post.week,
          impressions: row.impressions,
          likes: row.likes,
          reposts: row.reposts,
          dailyImpressionGains: evidence.dailyImpressionGains.join(", "),
          sameTextOtherCreators: row.same_text_other_creators,
          creatorJoinedAt: row.creator_joined_at,
          poolAmount: post.poolAmount,
          bonusAmount: post.bonusAmount,
          threshold,
        },
        status: "held",
        scoredAt: now,
        dueAt: now + windowHours * HOUR_MS,
      });
    }
  }
  return { held, reviews };
}

export type HeldPost = {
  postId: string;
  campaignId: string;
  creatorId: string;
  currency: string;
  week: number;
  poolAmount: number;
  bonusAmount: number;
};

/**
 * The ledger entry of a decided held post: approved, its shares go from the hold account to the creator (a `reward`,
 * so it counts as earned and as the campaign's spend); rejected, they go back to the week's pool and the bonus pool,
 * where whatever a split leaves stays (008). Keyed by post, so a post is paid or returned once.
 */
export function heldPostEntry(post: HeldPost, approved: boolean, now: number): NewLedgerEntryOf & { accounts: LedgerAccount[] } {
  const hold = campaignRewardHoldAccount(post.campaignId, post.currency);
  const total = post.poolAmount + post.bonusAmount;
  const targets: { account: LedgerAccount; amount: number }[] = approved
    ? [{ account: creatorAvailableAccount(post.creatorId, post.currency), amount: total }]
    : [
        { account: campaignPoolAccount(post.campaignId, post.currency, post.week), amount: post.poolAmount },
        { account: campaignBonusPoolAccount(post.campaignId, post.currency), amount: post.bonusAmount },
      ].filter((line) => line.amount > 0);
  return {
    idempotencyKey: `${approved ? "reward-release" : "reward-return"}:${post.postId}`,
    kind: approved ? "reward" : "reward-return",
    memo: approved ? "Pool reward approved in review" : "Pool reward rejected in review, back to the pools",
    ref: post.postId,
    createdAt: now,
    lines: [{ accountId: hold.id, amount: -total }, ...targets.map((line) => ({ accountId: line.account.id, amount: line.amount }))],
    accounts: [hold, ...targets.map((line) => line.account)],
  };
}

/** The statements that move the decided posts' money, each entry only if its post was decided in `changeId`. */
export function heldPostLedgerStatements(
  db: Database,
  posts: readonly HeldPost[],
  approved: boolean,
  changeId: string,
  now: number,
): D1PreparedStatement[] {
  const entries = posts.filter((post) => post.poolAmount + post.bonusAmount > 0).map((post) => heldPostEntry(post, approved, now));
  if (entries.length === 0) return [];
  return [
    insertAccountsStatement(
      db,
      entries.flatMap((entry) => entry.accounts),
      now,
    ),
    insertEntriesStatement(
      db,
      entries.map(({ accounts: _accounts, ...entry }) => entry),
      decidedReviewGuard(changeId),
    ),
  ];
}
