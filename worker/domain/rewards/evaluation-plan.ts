import type { StatusReason } from "../../contracts/campaign-rules.ts";
import type { ClaimedPost } from "../../db/post-rewards.ts";
import type { PostReward } from "../../db/post-rewards.ts";
import type { PostStatusChange } from "../../db/post-status-changes.ts";
import { campaignBonusPoolAccount, campaignPoolAccount, campaignRewardHoldAccount, creatorAvailableAccount } from "../ledger/accounts.ts";
import type { JournalEntry, JournalLine } from "../ledger/journal.ts";
import { splitPool, type SplitResult } from "./split.ts";

/**
 * What evaluating a campaign does with its claimed posts, worked out without touching the database (pure): each
 * week's pool split among that week's claimed posts (per-creator cap), the bonus pool split among the claimed bonus
 * posts (no cap: they are already the top of their weeks), the ledger entries that pay it, each post's reward row
 * and new status. Posts of flagged accounts get nothing. Whatever a split cannot hand out stays in its pool account.
 * A post held for review (docs/decisions/047-risk-and-review.md) keeps its share, but the share goes to the
 * campaign's hold account instead of the creator, and the post stays claimed, with why it is held, until decided.
 */
export type EvaluationInput = {
  campaign: { id: string; rewardCurrency: string; creatorCapBps: number; weeks: number };
  claimed: readonly ClaimedPost[];
  /** Balance of each week's pool account, by week. */
  weeklyPools: ReadonlyMap<number, number>;
  bonusPool: number;
  now: number;
  /** Creators per ledger entry: a week's payment is split into parts so no entry grows without bound. */
  linesPerEntry?: number;
  /** Posts held for review, with the reasons the creator reads on the post. */
  held?: ReadonlyMap<string, readonly StatusReason[]>;
};

export type EvaluationPlan = {
  entries: JournalEntry[];
  rewards: PostReward[];
  changes: PostStatusChange[];
  /** Per creator: what they receive now in total and for how many rewarded posts (held posts wait). */
  creatorTotals: Map<string, { amount: number; posts: number }>;
  weekSplits: Map<number, SplitResult>;
  bonusSplit: SplitResult;
};

export const flaggedReason: StatusReason = {
  code: "account-flagged",
  message: "Your account is flagged for review, so this post earns nothing.",
};
export const zeroShareReason: StatusReason = {
  code: "share-rounded-to-zero",
  message: "The post's share of the pool came to less than the smallest unit of the currency.",
};

/** The weeks to split: every week of the campaign, plus any week a claimed post names (so none is skipped). */
function weeksOf(input: EvaluationInput): number[] {
  const weeks = new Set<number>();
  for (let week = 1; week <= input.campaign.weeks; week += 1) weeks.add(week);
  for (const post of input.claimed) weeks.add(post.week);
  return [...weeks].sort((a, b) => a - b);
}

function paymentEntries(input: {
  keyPrefix: string;
  memo: string;
  pool: ReturnType<typeof campaignPoolAccount>;
  creatorTotals: ReadonlyMap<string, number>;
  currency: string;
  now: number;
  linesPerEntry: number;
}): JournalEntry[] {
  const paid = [...input.creatorTotals].filter(([, amount]) => amount > 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const entries: JournalEntry[] = [];
  for (let start = 0, part = 1; start < paid.length; start += input.linesPerEntry, part += 1) {
    const slice = paid.slice(start, start + input.linesPerEntry);
    const total = slice.reduce((sum, [, amount]) => sum + amount, 0);
    entries.push({
      idempotencyKey: `${input.keyPrefix}:part:${part}`,
      kind: "reward",
      memo: input.memo,
      lines: [
        { account: input.pool, amount: -total },
        ...slice.map(([userId, amount]) => ({ account: creatorAvailableAccount(userId, input.currency), amount })),
      ],
      createdAt: input.now,
    });
  }
  return entries;
}

export function planEvaluation(input: EvaluationInput): EvaluationPlan {
  const { campaign, now } = input;
  const currency = campaign.rewardCurrency;
  const linesPerEntry = input.linesPerEntry ?? 1_000;
  const payable = input.claimed.filter((post) => !post.accountFlagged);
  const held = input.held ?? new Map<string, readonly StatusReason[]>();
  const creatorOf = new Map(payable.map((post) => [post.postId, post.userId]));
  /** A split's totals per creator without the held posts' shares, and what the held posts' shares add up to. */
  const releasedNow = (split: SplitResult) => {
    const totals = new Map<string, number>();
    let heldTotal = 0;
    for (const [postId, share] of split.shares) {
      if (held.has(postId)) heldTotal += share;
      else {
        const creatorId = creatorOf.get(postId) ?? "";
        totals.set(creatorId, (totals.get(creatorId) ?? 0) + share);
      }
    }
    return { totals, heldTotal };
  };
  const holdLines: JournalLine[] = [];

  const entries: JournalEntry[] = [];
  const weekSplits = new Map<number, SplitResult>();
  const poolShares = new Map<string, number>();
  for (const week of weeksOf(input)) {
    const split = splitPool(
      input.weeklyPools.get(week) ?? 0,
      payable.filter((post) => post.week === week).map((post) => ({ postId: post.postId, creatorId: post.userId, score: post.score })),
      campaign.creatorCapBps,
    );
    weekSplits.set(week, split);
    for (const [postId, share] of split.shares) poolShares.set(postId, share);
    const released = releasedNow(split);
    if (released.heldTotal > 0) holdLines.push({ account: campaignPoolAccount(campaign.id, currency, week), amount: -released.heldTotal });
    entries.push(
      ...paymentEntries({
        keyPrefix: `reward:${campaign.id}:week:${week}`,
        memo: `Week ${week} pool of campaign ${campaign.id}`,
        pool: campaignPoolAccount(campaign.id, currency, week),
        creatorTotals: released.totals,
        currency,
        now,
        linesPerEntry,
      }),
    );
  }

  const bonusSplit = splitPool(
    input.bonusPool,
    payable.filter((post) => post.bonus).map((post) => ({ postId: post.postId, creatorId: post.userId, score: post.score })),
    10_000,
  );
  const bonus = releasedNow(bonusSplit);
  if (bonus.heldTotal > 0) holdLines.push({ account: campaignBonusPoolAccount(campaign.id, currency), amount: -bonus.heldTotal });
  entries.push(
    ...paymentEntries({
      keyPrefix: `reward:${campaign.id}:bonus`,
      memo: `Bonus pool of campaign ${campaign.id}`,
      pool: campaignBonusPoolAccount(campaign.id, currency),
      creatorTotals: bonus.totals,
      currency,
      now,
      linesPerEntry,
    }),
  );
  if (holdLines.length > 0) {
    const heldTotal = holdLines.reduce((sum, line) => sum - line.amount, 0);
    entries.push({
      idempotencyKey: `reward-hold:${campaign.id}`,
      kind: "reward-hold",
      memo: `Rewards of campaign ${campaign.id} held for review`,
      lines: [...holdLines, { account: campaignRewardHoldAccount(campaign.id, currency), amount: heldTotal }],
      createdAt: now,
    });
  }

  const rewards: PostReward[] = [];
  const changes: PostStatusChange[] = [];
  const creatorTotals = new Map<string, { amount: number; posts: number }>();
  for (const post of [...input.claimed].sort((a, b) => (a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : 0))) {
    const poolAmount = post.accountFlagged ? 0 : (poolShares.get(post.postId) ?? 0);
    const bonusAmount = post.accountFlagged ? 0 : (bonusSplit.shares.get(post.postId) ?? 0);
    rewards.push({ postId: post.postId, userId: post.userId, poolAmount, bonusAmount });
    const amount = poolAmount + bonusAmount;
    const heldReasons = held.get(post.postId);
    if (amount > 0 && heldReasons !== undefined) {
      changes.push({ postId: post.postId, status: "claimed", reasons: heldReasons });
    } else if (amount > 0) {
      changes.push({ postId: post.postId, status: "rewarded" });
      const total = creatorTotals.get(post.userId) ?? { amount: 0, posts: 0 };
      creatorTotals.set(post.userId, { amount: total.amount + amount, posts: total.posts + 1 });
    } else {
      changes.push({ postId: post.postId, status: "not-rewarded", reasons: [post.accountFlagged ? flaggedReason : zeroShareReason] });
    }
  }
  return { entries, rewards, changes, creatorTotals, weekSplits, bonusSplit };
}
