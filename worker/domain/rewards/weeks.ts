import {
  closedWeeks,
  closeWeekStatement,
  markBonusPostsStatement,
  weekKey,
  weeksWithEvaluatingPosts,
  weekStillOpenGuard,
} from "../../db/campaign-weeks.ts";
import { countBonusCandidates, topBonusCandidates } from "../../db/post-metrics.ts";
import { changePostStatusesStatement } from "../../db/post-status-changes.ts";
import { listCampaignsInStatus } from "../../db/reward-campaigns.ts";
import { campaignWeekCount, campaignWeekWindow } from "../../contracts/campaign-weeks.ts";
import type { RewardsDeps } from "./deps.ts";
import { bonusPostCount } from "./split.ts";

/**
 * Closing a campaign week: once its posting window is over and none of its published posts is still evaluating, the
 * top 10 % of its eligible posts by score become bonus posts (`eligible` → `eligible-bonus`; a post already claimed
 * stays `claimed` and is marked as a bonus post in post_metrics). One batch per week, every statement conditional on
 * the week not being closed yet, the closing row last: a week closes once.
 */
export const bonusReason = { code: "top-of-week", message: "Among the top 10 % of its campaign week's scores: shares the bonus pool." };

export type WeekReport = { closed: number; bonusPosts: number };

export async function closeCampaignWeeks({ db, clock }: RewardsDeps): Promise<WeekReport> {
  const now = clock.now();
  const campaigns = await listCampaignsInStatus(db, ["active", "ending", "evaluating"]);
  const report: WeekReport = { closed: 0, bonusPosts: 0 };
  if (campaigns.length === 0) return report;
  const ids = campaigns.map((campaign) => campaign.id);
  const [closed, busy] = await Promise.all([closedWeeks(db, ids), weeksWithEvaluatingPosts(db, ids)]);
  for (const campaign of campaigns) {
    const weeks = campaignWeekCount(campaign);
    for (let week = 1; week <= weeks; week += 1) {
      const key = weekKey(campaign.id, week);
      if (closed.has(key)) continue;
      if (now < campaignWeekWindow(campaign, week).end) break;
      if (busy.has(key)) continue;
      const candidates = await countBonusCandidates(db, campaign.id, week);
      const wanted = bonusPostCount(candidates);
      const top = wanted === 0 ? [] : await topBonusCandidates(db, campaign.id, week, wanted);
      const bonusIds = top.filter((candidate) => candidate.score > 0).map((candidate) => candidate.postId);
      const guard = weekStillOpenGuard(campaign.id, week);
      const [, marked, closing] = await db.batch([
        changePostStatusesStatement(db, {
          changes: bonusIds.map((postId) => ({ postId, status: "eligible-bonus", reasons: [bonusReason] })),
          from: ["eligible"],
          now,
          guard,
        }),
        markBonusPostsStatement(db, campaign.id, week, bonusIds, now),
        closeWeekStatement(db, campaign.id, week, bonusIds.length, now),
      ]);
      if ((closing?.meta.changes ?? 0) > 0) report.closed += 1;
      report.bonusPosts += marked?.meta.changes ?? 0;
    }
  }
  return report;
}
