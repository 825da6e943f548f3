import { DurableObject } from "cloudflare:workers";
import { capabilitiesFor } from "../capabilities.ts";
import { systemClock } from "../clock.ts";
import {
  campaignSchedule,
  openCampaignStore,
  runCampaignAlarm,
  wakeCampaign,
  type CampaignSchedule,
} from "../domain/rewards/campaign-alarm.ts";

/**
 * One campaign's own store and clock (docs/decisions/039-a-million-creators.md, "The build plan"): a SQLite Durable
 * Object addressed by the campaign's id. Its schema is migrated when it wakes, before any call reaches it. Its alarm
 * runs the campaign's due work (start, last day, end, weeks, health, evaluation) at the earliest time something is
 * due, then sets itself for the next (domain/rewards/campaign-alarm.ts); the scheduler wakes it (`wake`) when it finds
 * the campaign due and not done. Alarms are delivered at least once: the work is idempotent, and an alarm that throws
 * is retried by the platform.
 */
export class CampaignObject extends DurableObject<Cloudflare.Env> {
  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    void ctx.blockConcurrencyWhile(async () => openCampaignStore(ctx.storage));
  }

  async wake(campaignId: string): Promise<void> {
    await wakeCampaign(this.ctx.storage, campaignId, systemClock.now());
  }

  async schedule(): Promise<CampaignSchedule> {
    return campaignSchedule(this.ctx.storage);
  }

  override async alarm(): Promise<void> {
    const { db, clock } = capabilitiesFor(this.env);
    const report = await runCampaignAlarm(this.ctx.storage, { db, clock });
    if (report?.moved != null) console.info(`Campaign ${report.moved.campaignId}: ${report.moved.from} → ${report.moved.to}`);
  }
}
