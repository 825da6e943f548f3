import { findCampaignDue, type RewardCampaign } from "../../db/reward-campaigns.ts";
import { ENDING_WINDOW, maturityEndsAt } from "./calendar.ts";
import type { RewardsDeps } from "./deps.ts";
import { defaultEvaluationLimits, evaluateDueCampaign, type EvaluationLimits, type EvaluationReport } from "./evaluation.ts";
import { advanceCampaign, type CampaignMove } from "./lifecycle.ts";
import { refreshDueHealth } from "./pacing.ts";
import { closeDueWeeks, type WeekReport } from "./weeks.ts";

/**
 * What time does to one campaign (docs/decisions/039-a-million-creators.md, "Lifecycle on the alarm"): run by the
 * campaign's own Durable Object on its alarm (worker/objects/campaign-object.ts), and in-process by scheduler runs
 * that have no objects (the Node benchmarks, tests that move time).
 */
export type CampaignDueReport = {
  moved: CampaignMove | null;
  weeks: WeekReport;
  healthChanged: boolean;
  /** What evaluation did: null when the campaign was not due for it. */
  evaluation: keyof EvaluationReport | null;
  /** When something is next due for this campaign; null when nothing ever will be unless it changes (see `nextDueAt`). */
  nextDueAt: number | null;
};

/**
 * The campaign moves on (start, its last day, its end), its ended weeks close, its health is recomputed and, its
 * maturity period over, it is evaluated: each only when due, each idempotent and guarded by the campaign's state, so
 * a run repeated (an alarm delivered twice) or beside another changes nothing twice.
 */
export async function runCampaignDueWork(
  deps: RewardsDeps & { holder: string },
  campaignId: string,
  limits: EvaluationLimits = defaultEvaluationLimits,
): Promise<CampaignDueReport> {
  const report: CampaignDueReport = {
    moved: null,
    weeks: { closed: 0, bonusPosts: 0 },
    healthChanged: false,
    evaluation: null,
    nextDueAt: null,
  };
  const before = await findCampaignDue(deps.db, campaignId);
  if (before === null) return report;
  report.moved = await advanceCampaign(deps, before.campaign);
  const due = report.moved === null ? before : await findCampaignDue(deps.db, campaignId);
  if (due === null) return report;
  const weeks = await closeDueWeeks(deps, due);
  report.weeks = { closed: weeks.closed, bonusPosts: weeks.bonusPosts };
  const health = await refreshDueHealth(deps, due.campaign, due.healthDueAt);
  report.healthChanged = health.changed;
  report.evaluation = await evaluateDueCampaign(deps, due.campaign, limits);
  // An evaluated campaign has nothing due ever again.
  if (report.evaluation === "evaluated") return report;
  report.nextDueAt = nextDueAt(due.campaign, {
    weeksDueAt: weeks.weeksDueAt,
    healthDueAt: health.healthDueAt,
    evaluationWaiting: report.evaluation === "waiting",
  });
  return report;
}

/**
 * The earliest time at which something is due for the campaign: its start (funded and published), its last day, its
 * end, its next week to close, its next health, its evaluation. An evaluation found waiting (posts still maturing, a
 * week still open) is looked at again with the next week or health time, or sooner when the scheduler finds a week
 * made due by a post maturing. Null for a campaign that is evaluated, or not yet funded and published.
 */
export function nextDueAt(
  campaign: RewardCampaign,
  due: { weeksDueAt: number | null; healthDueAt: number | null; evaluationWaiting: boolean },
): number | null {
  const times: (number | null)[] = [due.weeksDueAt, due.healthDueAt];
  if (campaign.status === "inactive") {
    times.push(campaign.fundedAt !== null && campaign.publishedAt !== null ? campaign.startsAt : null);
  }
  if (campaign.status === "active") times.push(campaign.endsAt - ENDING_WINDOW);
  if (campaign.status === "ending") times.push(campaign.endsAt);
  if (campaign.status === "evaluating" && !due.evaluationWaiting) times.push(maturityEndsAt(campaign));
  if (campaign.status === "evaluated") return null;
  const known = times.filter((time): time is number => time !== null);
  return known.length === 0 ? null : Math.min(...known);
}
