import { HOUR } from "../../clock.ts";
import {
  closedWeeks,
  closeWeekStatement,
  markBonusPostsStatement,
  weekHasEvaluatingPosts,
  weekKey,
  weekStillOpenGuard,
} from "../../db/campaign-weeks.ts";
import { countBonusCandidates, topBonusCandidates } from "../../db/post-metrics.ts";
import { changePostStatusesStatement } from "../../db/post-status-changes.ts";
import { setWeeksDueStatement, type CampaignDue } from "../../db/reward-campaigns.ts";
import { campaignWeekCount, campaignWeekWindow } from "../../contracts/campaign-weeks.ts";
import { isLiveOrMaturing } from "./calendar.ts";
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

/**
 * A week whose posting window is over but whose posts are still evaluating is looked at again after this, unless one
 * of its posts stops evaluating first (migration 0038's trigger makes the campaign due at that moment).
 */
export const BUSY_WEEK_RECHECK = HOUR;

/**
 * Closes the campaign's ended weeks where no post is evaluating any more, when it is due (`weeks_due_at`), and makes
 * it due again when something can next change: the end of its next week's window, or `BUSY_WEEK_RECHECK` after a
 * week found busy; never again once every week is closed. Answers when it is due next.
 */
export async function closeDueWeeks(
  { db, clock }: RewardsDeps,
  { campaign, weeksDueAt }: Pick<CampaignDue, "campaign" | "weeksDueAt">,
): Promise<WeekReport & { weeksDueAt: number | null }> {
  const now = clock.now();
  const report = { closed: 0, bonusPosts: 0, weeksDueAt };
  if (!isLiveOrMaturing(campaign.status)) return { ...report, weeksDueAt: null };
  if (weeksDueAt === null || weeksDueAt > now) return report;
  const closed = await closedWeeks(db, [campaign.id]);
  let nextDue: number | null = null;
  const dueAgainAt = (at: number) => {
    nextDue = nextDue === null ? at : Math.min(nextDue, at);
  };
  const weeks = campaignWeekCount(campaign);
  for (let week = 1; week <= weeks; week += 1) {
    const key = weekKey(campaign.id, week);
    if (closed.has(key)) continue;
    const windowEnd = campaignWeekWindow(campaign, week).end;
    if (now < windowEnd) {
      dueAgainAt(windowEnd);
      break;
    }
    if (await weekHasEvaluatingPosts(db, campaign.id, week)) {
      dueAgainAt(now + BUSY_WEEK_RECHECK);
      continue;
    }
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
  const moved = await setWeeksDueStatement(db, campaign.id, nextDue, weeksDueAt).run();
  // Moved on by this run; otherwise a post matured meanwhile and the earlier time it set stays (read on the next wake).
  return { ...report, weeksDueAt: moved.meta.changes > 0 ? nextDue : now };
}
