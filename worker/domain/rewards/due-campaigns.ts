import type { CampaignWakeUps } from "../../capabilities.ts";
import { listDueCampaignIds } from "../../db/reward-campaigns.ts";
import { ENDING_WINDOW } from "./calendar.ts";
import { runCampaignDueWork } from "./campaign-due-work.ts";
import type { RewardsDeps } from "./deps.ts";
import { defaultEvaluationLimits, type EvaluationLimits, type EvaluationReport } from "./evaluation.ts";
import type { CampaignMove } from "./lifecycle.ts";
import type { WeekReport } from "./weeks.ts";

export type DueCampaignLimits = {
  /** Campaigns one scheduler pass takes up at most (the rest are found by the next pass). */
  perPass: number;
  evaluation: EvaluationLimits;
};

export const defaultDueCampaignLimits: DueCampaignLimits = { perPass: 100, evaluation: defaultEvaluationLimits };

export type DueCampaignsReport = {
  /** Campaigns found due that nothing had done yet. */
  found: number;
  /** Of those, how many had their object woken (the rest were run in-process, without objects). */
  woken: number;
  /** What in-process runs did; empty where objects were woken (their alarms report in their own logs). */
  moved: CampaignMove[];
  weeks: WeekReport;
  healthChanged: number;
  evaluation: EvaluationReport;
};

export function emptyDueCampaignsReport(): DueCampaignsReport {
  return {
    found: 0,
    woken: 0,
    moved: [],
    weeks: { closed: 0, bonusPosts: 0 },
    healthChanged: 0,
    evaluation: { evaluated: [], waiting: [], skipped: [] },
  };
}

export function mergeDueCampaignsReports(first: DueCampaignsReport, second: DueCampaignsReport): DueCampaignsReport {
  return {
    found: first.found + second.found,
    woken: first.woken + second.woken,
    moved: [...first.moved, ...second.moved],
    weeks: { closed: first.weeks.closed + second.weeks.closed, bonusPosts: first.weeks.bonusPosts + second.weeks.bonusPosts },
    healthChanged: first.healthChanged + second.healthChanged,
    evaluation: {
      evaluated: [...first.evaluation.evaluated, ...second.evaluation.evaluated],
      waiting: [...first.evaluation.waiting, ...second.evaluation.waiting],
      skipped: [...first.evaluation.skipped, ...second.evaluation.skipped],
    },
  };
}

/**
 * The scheduler's one campaign step: the campaigns due now that nothing has done yet (listDueCampaignIds: in a steady
 * state only those whose object could not know, as each object keeps its own alarm) have their objects woken, or,
 * without objects, their due work run here one after another. Work follows what is due, never the number of live
 * campaigns.
 */
export async function runDueCampaigns(
  deps: RewardsDeps & { holder: string; campaignObjects: CampaignWakeUps | null; wokenThisRun: Set<string> },
  limits: DueCampaignLimits = defaultDueCampaignLimits,
): Promise<DueCampaignsReport> {
  const report = emptyDueCampaignsReport();
  const ids = await listDueCampaignIds(deps.db, deps.clock.now(), ENDING_WINDOW, limits.perPass);
  report.found = ids.length;
  const objects = deps.campaignObjects;
  if (objects !== null) {
    // An object woken by this run's first pass has its alarm set already: the second pass leaves it be.
    const toWake = ids.filter((id) => !deps.wokenThisRun.has(id));
    await Promise.all(toWake.map((id) => objects.wake(id)));
    for (const id of toWake) deps.wokenThisRun.add(id);
    report.woken = toWake.length;
    return report;
  }
  for (const id of ids) {
    const done = await runCampaignDueWork(deps, id, limits.evaluation);
    if (done.moved !== null) report.moved.push(done.moved);
    report.weeks.closed += done.weeks.closed;
    report.weeks.bonusPosts += done.weeks.bonusPosts;
    if (done.healthChanged) report.healthChanged += 1;
    if (done.evaluation !== null) report.evaluation[done.evaluation].push(id);
  }
  return report;
}
