import { DurableObject } from "cloudflare:workers";
import { capabilitiesFor } from "../capabilities.ts";
import { SECOND } from "../clock.ts";
import { campaignObjectMigrations } from "../db/campaign-object/migrations.ts";
import { applyObjectMigrations } from "../db/campaign-object/schema.ts";
import { readCampaignId, readSchedule, rememberCampaignId, writeSchedule } from "../db/campaign-object/schedule.ts";
import { runCampaignDueWork, type CampaignDueReport } from "../domain/rewards/campaign-due-work.ts";

/**
 * An alarm never comes back sooner than this after a run: a campaign whose due time could not move on (its
 * evaluation's lease held by another run) is looked at again then, not in a loop.
 */
export const SHORTEST_ALARM_DELAY = 10 * SECOND;

/**
 * One campaign's own store and clock (docs/decisions/039-a-million-creators.md, "The build plan"): a SQLite Durable
 * Object addressed by the campaign's id. Its schema is migrated when it wakes, before any call reaches it. Its alarm
 * runs the campaign's due work (start, last day, end, weeks, health, evaluation) at the earliest time something is due,
 * then sets itself for the next; the scheduler wakes it (`wake`) when it finds the campaign due and not done.
 * Delivered at least once: the work is idempotent, and an alarm that throws is retried by the platform.
 */
export class CampaignObject extends DurableObject<Cloudflare.Env> {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => {
      applyObjectMigrations(ctx.storage, campaignObjectMigrations);
    });
  }

  /** Runs the campaign's due work now, on the alarm (so that a failure is retried), unless an alarm is due sooner. */
  async wake(campaignId: string): Promise<void> {
    rememberCampaignId(this.ctx.storage, campaignId);
    const now = Date.now();
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > now) await this.ctx.storage.setAlarm(now);
  }

  /** When this campaign's due work next runs (null: nothing is due until the scheduler wakes it), and its last run. */
  async schedule(): Promise<{ campaignId: string | null; alarmAt: number | null; nextDueAt: number | null; lastRunAt: number | null }> {
    const schedule = readSchedule(this.ctx.storage);
    return { campaignId: readCampaignId(this.ctx.storage), alarmAt: await this.ctx.storage.getAlarm(), ...schedule };
  }

  override async alarm(): Promise<void> {
    const campaignId = readCampaignId(this.ctx.storage);
    if (campaignId === null) return;
    const capabilities = capabilitiesFor(this.env);
    const report: CampaignDueReport = await runCampaignDueWork({ db: capabilities.db, clock: capabilities.clock, holder: `alarm_${campaignId}` }, campaignId);
    const now = Date.now();
    if (report.moved !== null || report.evaluation === "evaluated") {
      console.info(`Campaign ${campaignId}: ${report.moved === null ? "evaluated" : `${report.moved.from} → ${report.moved.to}`}`);
    }
    writeSchedule(this.ctx.storage, { nextDueAt: report.nextDueAt, lastRunAt: now });
    if (report.nextDueAt !== null) await this.ctx.storage.setAlarm(Math.max(report.nextDueAt, now + SHORTEST_ALARM_DELAY));
  }
}
