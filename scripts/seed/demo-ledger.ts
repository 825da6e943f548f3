import type { Clock } from "../../worker/clock.ts";
import { campaignWeekCount } from "../../worker/contracts/campaign-weeks.ts";
import type { PostStatus } from "../../worker/contracts/vocabulary.ts";
import { noGuard } from "../../worker/db/ledger.ts";
import { insertPostRewardsStatement } from "../../worker/db/post-rewards.ts";
import { findRewardCampaign, type RewardCampaign } from "../../worker/db/reward-campaigns.ts";
import { creatorAvailableAccount, creatorPaidOutAccount, creatorWithdrawalHoldAccount } from "../../worker/domain/ledger/accounts.ts";
import { campaignFundingLines, depositAdvertiserFunds, fundCampaign } from "../../worker/domain/ledger/funding.ts";
import { journalEntryStatements, runLedgerBatch, type JournalEntry } from "../../worker/domain/ledger/journal.ts";
import { planEvaluation } from "../../worker/domain/rewards/evaluation-plan.ts";
import { demoCampaignIds, demoWorld, type DemoPost } from "./demo-world.ts";

/**
 * Makes the demo world of `npm start` (demo-world.ts) consistent with the ledger, so its balances are real: each demo
 * campaign's pools are paid in by its advertiser and funded; the evaluated campaign's rewarded and paid posts are
 * paid from its pools exactly as the evaluation would (same plan, same idempotency keys, scores of the metrics they
 * matured with), and the paid ones leave through a withdrawal (hold, then payout). Every movement has a fixed
 * idempotency key, so a second start changes nothing.
 */
const rewardedStatuses: readonly PostStatus[] = ["rewarded", "not-rewarded", "paid", "paid-bonus"];

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

  const { posts } = demoWorld(now);
  for (const campaign of campaigns.filter((candidate) => candidate.status === "evaluated")) {
    await payDemoRewards(
      db,
      now,
      campaign,
      posts.filter((item) => item.post.campaignId === campaign.id),
    );
  }
}

/** Pays an evaluated demo campaign's rewarded and paid posts as the evaluation would, then withdraws the paid ones. */
async function payDemoRewards(db: D1Database, now: number, campaign: RewardCampaign, posts: readonly DemoPost[]): Promise<void> {
  const currency = campaign.rewardCurrency;
  const weeks = campaignWeekCount(campaign);
  const settled = posts.filter((item) => rewardedStatuses.includes(item.post.status));
  if (settled.length === 0) return;
  // The pools as funded, not what is left after an earlier start: the same plan, so the same keys, every time.
  const weeklyPools = new Map(Array.from({ length: weeks }, (_, index) => [index + 1, campaign.weeklyPool]));
  const plan = planEvaluation({
    campaign: { id: campaign.id, rewardCurrency: currency, creatorCapBps: campaign.creatorCapBps, weeks },
    claimed: settled.map(({ post, score }) => ({
      postId: post.id,
      userId: post.userId,
      week: post.campaignWeek,
      score,
      bonus: post.status === "paid-bonus",
      accountFlagged: false,
    })),
    weeklyPools,
    bonusPool: campaign.bonusPool,
    now,
  });
  const rewardByPost = new Map(plan.rewards.map((reward) => [reward.postId, reward]));
  const withdrawals: JournalEntry[] = settled
    .filter(({ post }) => post.status === "paid" || post.status === "paid-bonus")
    .flatMap(({ post }) => {
      const reward = rewardByPost.get(post.id);
      const amount = (reward?.poolAmount ?? 0) + (reward?.bonusAmount ?? 0);
      if (amount === 0) return [];
      const available = creatorAvailableAccount(post.userId, currency);
      const held = creatorWithdrawalHoldAccount(post.userId, currency);
      return [
        {
          idempotencyKey: `demo:withdrawal-hold:${post.id}`,
          kind: "withdrawal-hold",
          memo: "Demo withdrawal",
          lines: [
            { account: available, amount: -amount },
            { account: held, amount },
          ],
          createdAt: now,
        },
        {
          idempotencyKey: `demo:withdrawal-payout:${post.id}`,
          kind: "withdrawal-payout",
          memo: "Demo withdrawal",
          lines: [
            { account: held, amount: -amount },
            { account: creatorPaidOutAccount(post.userId, currency), amount },
          ],
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
