import { HOUR, type Clock } from "../../clock.ts";
import type { PostStatus } from "../../contracts/vocabulary.ts";
import { listPostsOfCampaigns, type CampaignPost } from "../../db/campaign-posts.ts";
import { noGuard } from "../../db/ledger.ts";
import { insertKnownMetricsStatement, type KnownMetrics } from "../../db/post-metrics.ts";
import { insertPostRewardsStatement } from "../../db/post-rewards.ts";
import { findRewardCampaign, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { campaignWeekCount } from "../../contracts/campaign-weeks.ts";
import { planEvaluation } from "../rewards/evaluation-plan.ts";
import type { PostMetrics } from "../../contracts/campaign-rules.ts";
import { scoreOf } from "../rewards/scoring.ts";
import { creatorAvailableAccount, creatorPaidOutAccount, creatorWithdrawalHoldAccount } from "./accounts.ts";
import { campaignFundingLines, depositAdvertiserFunds, fundCampaign } from "./funding.ts";
import { journalEntryStatements, runLedgerBatch, type JournalEntry } from "./journal.ts";

/**
 * Makes the demo world of `npm start` (worker/db/demo-data.ts) consistent with the ledger, so its balances are real:
 * each demo campaign's pools are paid in by its advertiser and funded; the demo posts that have matured get the
 * metrics they matured with; the evaluated campaign's rewarded and paid posts are paid from its pools exactly as the
 * evaluation would (same split, same idempotency keys), and the paid ones leave through a withdrawal (hold, then
 * payout). Every movement has a fixed idempotency key, so a second start changes nothing.
 */
export const demoCampaignIds = [
  "campaign-aurora-launch",
  "campaign-nimbus-backup",
  "campaign-lumen-devtools",
  "campaign-aurora-summer",
  "campaign-nimbus-spring",
  "campaign-lumen-insiders",
] as const;

const rewardedStatuses: readonly PostStatus[] = ["rewarded", "not-rewarded", "paid", "paid-bonus"];
const bonusStatuses: readonly PostStatus[] = ["eligible-bonus", "expired-bonus", "paid-bonus"];

/** Deterministic, plausible metrics per demo post: bonus posts did best; a not-rewarded post scored nothing. */
function demoMetrics(post: CampaignPost): PostMetrics {
  if (post.status === "not-rewarded") return { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 };
  let hash = 0;
  for (const character of post.postId) hash = (hash * 31 + character.charCodeAt(0)) % 100_003;
  const impressions = (bonusStatuses.includes(post.status) ? 6_000 : 800) + (hash % 2_000);
  const likes = Math.floor(impressions / 40);
  return {
    impressions,
    likes,
    reposts: Math.floor(likes / 8),
    replies: Math.floor(likes / 5),
    quotes: Math.floor(likes / 20),
    bookmarks: Math.floor(likes / 6),
  };
}

async function fundDemoCampaign(db: D1Database, clock: Clock, campaign: RewardCampaign): Promise<void> {
  const total = -(campaignFundingLines(campaign)[0]?.amount ?? 0);
  if (total > 0) {
    await depositAdvertiserFunds(db, clock, {
      advertiserId: campaign.advertiserId,
      currency: campaign.rewardCurrency,
      amount: total,
      idempotencyKey: `demo:deposit:${campaign.id}`,
      memo: `Demo payment for ${campaign.title}`,
    });
  }
  await fundCampaign(db, clock, campaign.id);
}

export async function seedDemoLedger(db: D1Database, clock: Clock, campaignIds: readonly string[] = demoCampaignIds): Promise<void> {
  const now = clock.now();
  const campaigns = (await Promise.all(campaignIds.map((id) => findRewardCampaign(db, id)))).filter(
    (campaign): campaign is RewardCampaign => campaign !== null,
  );
  for (const campaign of campaigns) await fundDemoCampaign(db, clock, campaign);

  const byId = new Map(campaigns.map((campaign) => [campaign.id, campaign]));
  const posts = await listPostsOfCampaigns(db, campaigns.map((campaign) => campaign.id));
  const metrics: KnownMetrics[] = [];
  const scores = new Map<string, number>();
  for (const post of posts) {
    const campaign = byId.get(post.campaignId);
    if (campaign === undefined || post.status === "evaluating") continue;
    const counts = demoMetrics(post);
    const score = scoreOf(counts, campaign.scoreWeights);
    scores.set(post.postId, score);
    const maturesAt = post.postedAt + campaign.maturityHours * HOUR;
    const maturedAt = Math.min(now, maturesAt);
    metrics.push({ postId: post.postId, campaignId: campaign.id, ...counts, score, bonus: bonusStatuses.includes(post.status), maturesAt, polledAt: maturedAt, maturedAt });
  }
  if (metrics.length > 0) await insertKnownMetricsStatement(db, metrics, now).run();

  for (const campaign of campaigns.filter((candidate) => candidate.status === "evaluated")) {
    await payDemoRewards(db, now, campaign, posts.filter((post) => post.campaignId === campaign.id), scores);
  }
}

/** Pays an evaluated demo campaign's rewarded and paid posts as the evaluation would, then withdraws the paid ones. */
async function payDemoRewards(
  db: D1Database,
  now: number,
  campaign: RewardCampaign,
  posts: readonly CampaignPost[],
  scores: ReadonlyMap<string, number>,
): Promise<void> {
  const currency = campaign.rewardCurrency;
  const weeks = campaignWeekCount(campaign);
  const settled = posts.filter((post) => rewardedStatuses.includes(post.status));
  if (settled.length === 0) return;
  // The pools as funded, not what is left after an earlier start: the same plan, so the same keys, every time.
  const weeklyPools = new Map(Array.from({ length: weeks }, (_, index) => [index + 1, campaign.weeklyPool]));
  const plan = planEvaluation({
    campaign: { id: campaign.id, rewardCurrency: currency, creatorCapBps: campaign.creatorCapBps, weeks },
    claimed: settled.map((post) => ({
      postId: post.postId,
      userId: post.userId,
      week: post.week,
      score: scores.get(post.postId) ?? 0,
      bonus: post.status === "paid-bonus",
      accountFlagged: false,
    })),
    weeklyPools,
    bonusPool: campaign.bonusPool,
    now,
  });
  const rewardByPost = new Map(plan.rewards.map((reward) => [reward.postId, reward]));
  const withdrawals: JournalEntry[] = settled
    .filter((post) => post.status === "paid" || post.status === "paid-bonus")
    .flatMap((post) => {
      const reward = rewardByPost.get(post.postId);
      const amount = (reward?.poolAmount ?? 0) + (reward?.bonusAmount ?? 0);
      if (amount === 0) return [];
      const available = creatorAvailableAccount(post.userId, currency);
      const held = creatorWithdrawalHoldAccount(post.userId, currency);
      return [
        { idempotencyKey: `demo:withdrawal-hold:${post.postId}`, kind: "withdrawal-hold", memo: "Demo withdrawal", lines: [{ account: available, amount: -amount }, { account: held, amount }], createdAt: now },
        {
          idempotencyKey: `demo:withdrawal-payout:${post.postId}`,
          kind: "withdrawal-payout",
          memo: "Demo withdrawal",
          lines: [{ account: held, amount: -amount }, { account: creatorPaidOutAccount(post.userId, currency), amount }],
          createdAt: now,
        },
      ];
    });
  await runLedgerBatch(db, [
    ...plan.entries.flatMap((entry) => journalEntryStatements(db, entry)),
    insertPostRewardsStatement(db, { campaignId: campaign.id, currency, rewards: plan.rewards, now, guard: noGuard }),
    ...withdrawals.flatMap((entry) => journalEntryStatements(db, entry)),
  ]);
}
