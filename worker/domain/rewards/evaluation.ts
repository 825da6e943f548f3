import { countClosedWeeks } from "../../db/campaign-weeks.ts";
import { accountBalances } from "../../db/ledger.ts";
import {
  insertNotificationsStatement,
  notifyCampaignAudienceStatement,
  notifyFirstRewardBadgesStatement,
} from "../../db/notification-fanout.ts";
import { countPostsAwaitingMaturity } from "../../db/post-metrics.ts";
import { insertPostRewardsStatement, listClaimedPosts, type ClaimedPost } from "../../db/post-rewards.ts";
import { changePostStatusesStatement, expireUnclaimedStatements } from "../../db/post-status-changes.ts";
import { findRewardCampaign, moveCampaignStatement, stillEvaluatingGuard, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { recordPostReviewsStatement } from "../../db/risk-reviews.ts";
import { acquireLease, releaseLease } from "../../db/scheduler-leases.ts";
import { scoreRewardedPosts } from "../risk/post-review.ts";
import { campaignBonusPoolAccount, campaignPoolAccount } from "../ledger/accounts.ts";
import { journalEntryStatements, runLedgerBatch } from "../ledger/journal.ts";
import { campaignWeekCount } from "../../contracts/campaign-weeks.ts";
import { chunked } from "../../contracts/collections.ts";
import type { RewardsDeps } from "./deps.ts";
import { planEvaluation } from "./evaluation-plan.ts";
import { campaignMaturityNotice, campaignNotEligibleNotice, firstRewardBadgeNotice, postsRewardedNotification } from "./notifications.ts";
import { healthOf } from "./pacing.ts";
import type { Database } from "../../database.ts";
import { maturityEndsAt } from "./calendar.ts";

/**
 * Evaluating a campaign once its maturity period is over and every post has matured and every week is closed:
 *
 * 1. Claims close: eligible posts nobody claimed expire (`expired` / `expired-bonus`), creators hear that the posts
 *    matured (campaign-maturity) or that none was eligible (campaign-not-eligible). After this batch no post can
 *    become claimed, so the claimed set is final.
 * 2. Payment, in ONE atomic batch: the ledger entries moving each week's pool (and the bonus pool) to the creators,
 *    a post_rewards row per claimed post, `claimed` → `rewarded` / `not-rewarded`, posts-rewarded notifications,
 *    the first-rewarded-post badge of creators rewarded for the first time, and the campaign → `evaluated` last. A
 *    post whose risk score reaches the campaign's review threshold stays `claimed` with its share in the campaign's
 *    hold account and a review for the advertiser (docs/decisions/047-risk-and-review.md). Every statement runs only while the campaign is still evaluating, the
 *    entries carry idempotency keys and post_rewards is keyed by post: a retry, a crash between the two batches or
 *    a second run at the same moment pays nobody twice.
 *
 * A lease per campaign keeps concurrent runs from doing the same work; it is an optimisation, not the safety net.
 */
export type EvaluationLimits = {
  claimedPageSize: number;
  /** Creators per ledger entry. */
  linesPerEntry: number;
  /** Rows per bulk statement (post rewards, status changes, notifications). */
  rowsPerStatement: number;
  leaseMs: number;
};

export const defaultEvaluationLimits: EvaluationLimits = {
  claimedPageSize: 10_000,
  linesPerEntry: 1_000,
  rowsPerStatement: 5_000,
  leaseMs: 10 * 60 * 1000,
};

export type EvaluationReport = {
  /** Evaluated by this run. */
  evaluated: string[];
  /** Due, but posts are still maturing or a week is still open. */
  waiting: string[];
  /** Evaluated meanwhile by another run. */
  skipped: string[];
};

async function allClaimedPosts(db: Database, campaignId: string, pageSize: number): Promise<ClaimedPost[]> {
  const posts: ClaimedPost[] = [];
  let afterId = "";
  for (;;) {
    const page = await listClaimedPosts(db, { campaignId, afterId, limit: pageSize });
    posts.push(...page);
    const last = page.at(-1);
    if (last === undefined || page.length < pageSize) return posts;
    afterId = last.postId;
  }
}

async function closeClaims({ db, clock }: RewardsDeps, campaign: RewardCampaign): Promise<void> {
  const now = clock.now();
  const guard = stillEvaluatingGuard(campaign.id);
  await db.batch([
    notifyCampaignAudienceStatement(db, { ...campaignMaturityNotice(campaign), campaignId: campaign.id, createdAt: now }),
    notifyCampaignAudienceStatement(db, { ...campaignNotEligibleNotice(campaign), campaignId: campaign.id, createdAt: now }),
    ...expireUnclaimedStatements(db, campaign.id, now, guard),
  ]);
}

async function pay({ db, clock }: RewardsDeps, campaign: RewardCampaign, limits: EvaluationLimits): Promise<boolean> {
  const now = clock.now();
  const currency = campaign.rewardCurrency;
  const weeks = campaignWeekCount(campaign);
  const claimed = await allClaimedPosts(db, campaign.id, limits.claimedPageSize);
  const weekNumbers = [...new Set([...Array.from({ length: weeks }, (_, index) => index + 1), ...claimed.map((post) => post.week)])];
  const bonusAccount = campaignBonusPoolAccount(campaign.id, currency);
  const balances = await accountBalances(db, [
    ...weekNumbers.map((week) => campaignPoolAccount(campaign.id, currency, week).id),
    bonusAccount.id,
  ]);
  const input = {
    campaign: { id: campaign.id, rewardCurrency: currency, creatorCapBps: campaign.creatorCapBps, weeks },
    claimed,
    weeklyPools: new Map(weekNumbers.map((week) => [week, balances.get(campaignPoolAccount(campaign.id, currency, week).id) ?? 0])),
    bonusPool: balances.get(bonusAccount.id) ?? 0,
    now,
    linesPerEntry: limits.linesPerEntry,
  };
  // Every post the split would pay is scored for risk; the held ones' shares wait for review (decision 047).
  const weekOf = new Map(claimed.map((post) => [post.postId, post.week]));
  const scoring = await scoreRewardedPosts(
    db,
    campaign,
    planEvaluation(input)
      .rewards.filter((reward) => reward.poolAmount + reward.bonusAmount > 0)
      .map((reward) => ({ ...reward, week: weekOf.get(reward.postId) ?? 1 })),
    now,
  );
  const plan = planEvaluation({ ...input, held: scoring.held });
  const health = (await healthOf(db, [campaign], now)).get(campaign.id) ?? campaign.health;
  const guard = stillEvaluatingGuard(campaign.id);
  const notifications = [...plan.creatorTotals].map(([userId, total]) =>
    postsRewardedNotification({ userId, campaign, amount: total.amount, currency, posts: total.posts, now }),
  );
  const results = await runLedgerBatch(db, [
    ...plan.entries.flatMap((entry) => journalEntryStatements(db, entry, guard)),
    ...chunked(scoring.reviews, limits.rowsPerStatement).map((reviews) => recordPostReviewsStatement(db, reviews, guard)),
    ...chunked(plan.rewards, limits.rowsPerStatement).map((rewards) =>
      insertPostRewardsStatement(db, { campaignId: campaign.id, currency, rewards, now, guard }),
    ),
    ...chunked(plan.changes, limits.rowsPerStatement).map((changes) =>
      changePostStatusesStatement(db, { changes, from: ["claimed"], now, guard }),
    ),
    ...chunked(notifications, limits.rowsPerStatement).map((chunk) => insertNotificationsStatement(db, chunk)),
    ...chunked([...plan.creatorTotals.keys()], limits.rowsPerStatement).map((userIds) =>
      notifyFirstRewardBadgesStatement(db, { campaignId: campaign.id, userIds, ...firstRewardBadgeNotice(campaign), createdAt: now }),
    ),
    moveCampaignStatement(db, { campaignId: campaign.id, from: "evaluating", to: "evaluated", now, health }),
  ]);
  return (results.at(-1)?.meta.changes ?? 0) > 0;
}

/**
 * Evaluates one campaign if it is ready: "waiting" while posts still mature or a week is still open, "skipped" when
 * another run evaluated it first (then this one changed nothing).
 */
export async function evaluateCampaign(
  deps: RewardsDeps,
  campaign: RewardCampaign,
  limits: EvaluationLimits = defaultEvaluationLimits,
): Promise<keyof EvaluationReport> {
  const { db } = deps;
  if ((await countPostsAwaitingMaturity(db, campaign.id)) > 0) return "waiting";
  if ((await countClosedWeeks(db, campaign.id)) < campaignWeekCount(campaign)) return "waiting";
  await closeClaims(deps, campaign);
  return (await pay(deps, campaign, limits)) ? "evaluated" : "skipped";
}

/**
 * Evaluates the campaign (as its caller read it) if it is evaluating and its maturity period is over, under a lease
 * so that two runs at once do it once; null when it is not due.
 */
export async function evaluateDueCampaign(
  deps: RewardsDeps & { holder: string },
  due: RewardCampaign,
  limits: EvaluationLimits = defaultEvaluationLimits,
): Promise<keyof EvaluationReport | null> {
  const { db, clock, holder } = deps;
  const campaignId = due.id;
  if (due.status !== "evaluating" || maturityEndsAt(due) > clock.now()) return null;
  const lease = `evaluate:${campaignId}`;
  if (!(await acquireLease(db, { name: lease, holder, now: clock.now(), durationMs: limits.leaseMs }))) return "skipped";
  try {
    // Read again under the lease: another run may have finished it between the first read and now.
    const campaign = await findRewardCampaign(db, campaignId);
    if (campaign?.status !== "evaluating") return "skipped";
    return await evaluateCampaign(deps, campaign, limits);
  } finally {
    await releaseLease(db, lease, holder);
  }
}
