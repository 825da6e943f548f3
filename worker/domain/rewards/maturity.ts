import type { NewNotification } from "../../db/notifications.ts";
import { insertNotificationsStatement } from "../../db/notification-fanout.ts";
import { listPostsReadyToMature, recordMaturedStatement, type MaturingPost } from "../../db/post-metrics.ts";
import { changePostStatusesStatement, type PostStatusChange } from "../../db/post-status-changes.ts";
import { findRewardCampaign, type RewardCampaign } from "../../db/reward-campaigns.ts";
import type { RewardsDeps } from "./deps.ts";
import { campaignEligibleNotification, postEligibleNotification } from "./notifications.ts";
import { MATURITY_GRACE } from "./poll-schedule.ts";
import { checkPostRules } from "./rules.ts";
import { scoreOf, zeroMetrics } from "./scoring.ts";

/**
 * Posts mature 48 h after posting (the campaign's maturity period), once X's answer from that moment is in: the rules
 * give `eligible` or `not-eligible` with their reasons, and the score is fixed. A creator who already confirmed
 * payout for the campaign has new eligible posts claimed at once. Whether a post is also a bonus post is decided
 * when its week closes (weeks.ts), because it depends on the whole week's scores.
 *
 * Pages of posts, each page one batch: statuses (only of posts still evaluating), scores, and the notifications
 * (posts-eligible per post; campaign-eligible — "confirm payout" — once per creator and campaign).
 */
export type MaturityLimits = { pageSize: number; pagesPerRun: number };
export const defaultMaturityLimits: MaturityLimits = { pageSize: 5_000, pagesPerRun: 10 };

export type MaturityReport = { matured: number; eligible: number; claimed: number; notEligible: number };

type Verdict = { post: MaturingPost; campaign: RewardCampaign; change: PostStatusChange; score: number };

function verdictFor(post: MaturingPost, campaign: RewardCampaign): Verdict {
  const verdict = checkPostRules(campaign, {
    network: post.network,
    content: post.content,
    readText: post.readText,
    paidPartnership: post.paidPartnership,
    postedAt: post.postedAt,
    joinedAt: post.joinedAt,
    weekRank: post.weekRank,
    accountFlagged: post.accountFlagged,
    metrics: post.metrics,
  });
  const status = !verdict.eligible ? "not-eligible" : post.payoutConfirmed ? "claimed" : "eligible";
  return {
    post,
    campaign,
    change: { postId: post.postId, status, reasons: verdict.reasons },
    score: scoreOf(post.metrics ?? zeroMetrics, campaign.scoreWeights, post.network),
  };
}

export async function maturePosts({ db, clock }: RewardsDeps, limits: MaturityLimits = defaultMaturityLimits): Promise<MaturityReport> {
  const now = clock.now();
  const report: MaturityReport = { matured: 0, eligible: 0, claimed: 0, notEligible: 0 };
  const campaigns = new Map<string, RewardCampaign | null>();
  const campaignOf = async (campaignId: string) => {
    if (!campaigns.has(campaignId)) campaigns.set(campaignId, await findRewardCampaign(db, campaignId));
    return campaigns.get(campaignId) ?? null;
  };
  for (let page = 0; page < limits.pagesPerRun; page += 1) {
    const ready = await listPostsReadyToMature(db, { now, grace: MATURITY_GRACE, limit: limits.pageSize });
    if (ready.length === 0) break;
    const verdicts: Verdict[] = [];
    for (const post of ready) {
      const campaign = await campaignOf(post.campaignId);
      if (campaign !== null) verdicts.push(verdictFor(post, campaign));
    }
    const notifications: NewNotification[] = [];
    const askedToConfirm = new Set<string>();
    for (const { post, campaign, change } of verdicts) {
      if (change.status === "not-eligible") continue;
      notifications.push(postEligibleNotification({ userId: post.userId, postId: post.postId, campaign, now }));
      const creatorCampaign = `${campaign.id} ${post.userId}`;
      if (change.status === "eligible" && !askedToConfirm.has(creatorCampaign)) {
        askedToConfirm.add(creatorCampaign);
        notifications.push(campaignEligibleNotification({ userId: post.userId, campaign, now }));
      }
    }
    await db.batch([
      changePostStatusesStatement(db, { changes: verdicts.map((verdict) => verdict.change), from: ["evaluating"], now }),
      recordMaturedStatement(
        db,
        verdicts.map((verdict) => ({ postId: verdict.post.postId, score: verdict.score })),
        now,
      ),
      ...(notifications.length > 0 ? [insertNotificationsStatement(db, notifications)] : []),
    ]);
    report.matured += verdicts.length;
    for (const { change } of verdicts) {
      if (change.status === "eligible") report.eligible += 1;
      else if (change.status === "claimed") report.claimed += 1;
      else report.notEligible += 1;
    }
    if (ready.length < limits.pageSize) break;
  }
  return report;
}
