import { HOUR, SECOND } from "../../clock.ts";
import { campaignObjectMigrations } from "../../db/campaign-object/migrations.ts";
import { applyObjectMigrations } from "../../db/campaign-object/schema.ts";
import { readCampaignId, readSchedule, rememberCampaignId, writeSchedule } from "../../db/campaign-object/schedule.ts";
import { runCampaignDueWork, type CampaignDueReport } from "./campaign-due-work.ts";
import type { RewardsDeps } from "./deps.ts";

/**
 * A campaign object's clock (worker/objects/campaign-object.ts; docs/decisions/039-a-million-creators.md, "Lifecycle
 * on the alarm"): its one alarm is set to the earliest time something is due for its campaign; the alarm runs that
 * campaign's due work and sets itself for the next. The object's SQLite keeps which campaign it serves and its schedule.
 */

/**
 * An alarm never comes back sooner than this after a run: a campaign whose due time could not move on (its
 * evaluation's lease held by another run) is looked at again then, not in a loop.
 */
export const SHORTEST_ALARM_DELAY = 10 * SECOND;

/** Brings the object's own schema up to date; run when the object wakes, before any call reaches it. */
export function openCampaignStore(storage: DurableObjectStorage): void {
  applyObjectMigrations(storage, campaignObjectMigrations);
}

/** The object runs its campaign's due work now, on its alarm (so that a failure is retried), unless one is due sooner. */
export async function wakeCampaign(storage: DurableObjectStorage, campaignId: string, now: number): Promise<void> {
  rememberCampaignId(storage, campaignId);
  const alarm = await storage.getAlarm();
  if (alarm === null || alarm > now) await storage.setAlarm(now);
}

export type CampaignSchedule = {
  campaignId: string | null;
  alarmAt: number | null;
  nextDueAt: number | null;
  lastRunAt: number | null;
  failures: number;
};

/** When the campaign's due work next runs (null: nothing is due until the scheduler wakes it), and its last run. */
export async function campaignSchedule(storage: DurableObjectStorage): Promise<CampaignSchedule> {
  return { campaignId: readCampaignId(storage), alarmAt: await storage.getAlarm(), ...readSchedule(storage) };
}

/** The wait before the alarm comes back after `failures` failed runs in a row: 10 s, doubling, at most an hour. */
export function alarmRetryDelay(failures: number): number {
  return Math.min(SHORTEST_ALARM_DELAY * 2 ** (failures - 1), HOUR);
}

/**
 * The alarm: the campaign's due work, then the alarm set for the next due time (none when nothing will be due). A run
 * that fails (D1 unreachable, a statement refused) is logged and comes back after `alarmRetryDelay`, however often:
 * the platform's own retries of a throwing alarm stop after a few, and the campaign would wait for the scheduler.
 */
export async function runCampaignAlarm(storage: DurableObjectStorage, deps: RewardsDeps): Promise<CampaignDueReport | null> {
  const campaignId = readCampaignId(storage);
  if (campaignId === null) return null;
  const before = readSchedule(storage);
  let report: CampaignDueReport;
  try {
    report = await runCampaignDueWork({ ...deps, holder: `alarm_${campaignId}` }, campaignId);
  } catch (error) {
    const failures = before.failures + 1;
    const now = deps.clock.now();
    console.error(`Campaign ${campaignId}: its due work failed (${failures} in a row); the alarm comes back later`, error);
    writeSchedule(storage, { nextDueAt: before.nextDueAt, lastRunAt: now, failures });
    await storage.setAlarm(now + alarmRetryDelay(failures));
    return null;
  }
  const now = deps.clock.now();
  writeSchedule(storage, { nextDueAt: report.nextDueAt, lastRunAt: now, failures: 0 });
  if (report.nextDueAt !== null) await storage.setAlarm(Math.max(report.nextDueAt, now + SHORTEST_ALARM_DELAY));
  return report;
}
