import { env, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import { DAY, HOUR, MINUTE, SECOND } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { rememberCampaignId } from "../../../worker/db/campaign-object/schedule.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { findCampaignDue, markFundedStatement } from "../../../worker/db/reward-campaigns.ts";
import { schedulerDepsFromEnv } from "../../../worker/jobs/scheduled-handler.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { alarmRetryDelay, SHORTEST_ALARM_DELAY } from "../../../worker/domain/rewards/campaign-alarm.ts";
import type { CampaignObject } from "../../../worker/objects/campaign-object.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";

/*
 * A campaign's lifecycle on its own object's alarm (docs/decisions/039-a-million-creators.md): the alarm runs what is
 * due for that campaign and sets itself for the next due time; the scheduler only wakes objects of campaigns that are
 * due and not done. The object works on real time (its alarm's), so these campaigns are placed around `Date.now()`.
 */

const objectOf = (campaignId: string) => env.CAMPAIGNS.get(env.CAMPAIGNS.idFromName(campaignId));

/** A funded, published campaign of a new advertiser, written to D1 as the console and the funding would leave it. */
async function fundedCampaign(status: "inactive" | "active" | "evaluating", times: { startsAt: number; endsAt: number }) {
  const key = `alarm-${crypto.randomUUID().slice(0, 8)}`;
  const advertiser = buildAdvertiser(key, Date.now());
  const campaign = buildCampaign(key, advertiser, status, Date.now(), times);
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertCampaignStatement(env.DB, campaign),
    markFundedStatement(env.DB, campaign.id, Date.now() - HOUR),
  ]);
  return campaign;
}

describe("a campaign object's alarm", () => {
  it("starts its campaign when the start has come, then sets itself for the next due time", async () => {
    const now = Date.now();
    const campaign = await fundedCampaign("inactive", { startsAt: now - MINUTE, endsAt: now + 10 * DAY });
    const object = objectOf(campaign.id);
    // The object knows its campaign and has an alarm in an hour; running it now does the campaign's due work.
    await runInDurableObject(object, async (_instance: CampaignObject, state) => {
      rememberCampaignId(state.storage, campaign.id);
      await state.storage.setAlarm(now + HOUR);
    });
    const runStarted = Date.now();
    expect(await runDurableObjectAlarm(object)).toBe(true);
    const runEnded = Date.now();

    const due = await findCampaignDue(env.DB, campaign.id);
    expect(due?.campaign.status).toBe("active");
    // Health was computed at once, so the next thing due is its next health, 15 minutes after this run.
    const schedule = await object.schedule();
    expect(schedule.campaignId).toBe(campaign.id);
    expect(schedule.nextDueAt).toBe(due?.healthDueAt);
    expect(schedule.alarmAt).toBe(schedule.nextDueAt);
    expect(schedule.nextDueAt).toBeGreaterThanOrEqual(runStarted + 15 * MINUTE);
    expect(schedule.nextDueAt).toBeLessThanOrEqual(runEnded + 15 * MINUTE);
  });

  it("sets no alarm for a campaign that is not funded: nothing is due until the scheduler finds it", async () => {
    const now = Date.now();
    const key = `alarm-unfunded-${crypto.randomUUID().slice(0, 8)}`;
    const advertiser = buildAdvertiser(key, now);
    const campaign = buildCampaign(key, advertiser, "inactive", now, { startsAt: now + DAY, endsAt: now + 10 * DAY });
    await env.DB.batch([insertAdvertiserStatement(env.DB, advertiser), insertCampaignStatement(env.DB, campaign)]);
    const object = objectOf(campaign.id);
    await runInDurableObject(object, async (instance: CampaignObject, state) => {
      rememberCampaignId(state.storage, campaign.id);
      await instance.alarm();
    });
    expect(await object.schedule()).toMatchObject({ campaignId: campaign.id, alarmAt: null, nextDueAt: null });
    expect((await findCampaignDue(env.DB, campaign.id))?.campaign.status).toBe("inactive");
  });

  it("never comes back sooner than its shortest delay when what is due could not move on", async () => {
    const now = Date.now();
    // Ended long ago and matured: due for evaluation, but another run holds its lease, so it stays evaluating.
    const campaign = await fundedCampaign("evaluating", { startsAt: now - 20 * DAY, endsAt: now - 10 * DAY });
    await env.DB.prepare(`INSERT INTO scheduler_leases (name, holder, expires_at) VALUES (?, 'another-run', ?)`)
      .bind(`evaluate:${campaign.id}`, now + HOUR)
      .run();
    const object = objectOf(campaign.id);
    await runInDurableObject(object, async (instance: CampaignObject, state) => {
      rememberCampaignId(state.storage, campaign.id);
      await instance.alarm();
    });
    const schedule = await object.schedule();
    expect((await findCampaignDue(env.DB, campaign.id))?.campaign.status).toBe("evaluating");
    expect(schedule.nextDueAt).toBeLessThanOrEqual(schedule.lastRunAt ?? 0);
    expect(schedule.alarmAt).toBe((schedule.lastRunAt ?? 0) + SHORTEST_ALARM_DELAY);
  });
});

describe("a campaign object's alarm when its work fails", () => {
  it("comes back later, sooner than the platform would give up, and finishes once D1 answers again", async () => {
    const now = Date.now();
    const campaign = await fundedCampaign("inactive", { startsAt: now - MINUTE, endsAt: now + 10 * DAY });
    const object = objectOf(campaign.id);
    const logged = expectConsoleErrors();
    // The fault: the table the health step reads is gone (as when D1 refuses a statement) while the alarm runs.
    await env.DB.prepare(`ALTER TABLE campaign_pacing RENAME TO campaign_pacing_away`).run();
    const failed = await runInDurableObject(object, async (instance: CampaignObject, state) => {
      rememberCampaignId(state.storage, campaign.id);
      const started = Date.now();
      await instance.alarm();
      return { started, schedule: await instance.schedule() };
    }).finally(() => env.DB.prepare(`ALTER TABLE campaign_pacing_away RENAME TO campaign_pacing`).run());
    expect(failed.schedule.failures).toBe(1);
    expect(logged()).toEqual([
      `Campaign ${campaign.id}: its due work failed (1 in a row); the alarm comes back later D1_ERROR: no such table: campaign_pacing: SQLITE_ERROR`,
    ]);
    expect(failed.schedule.alarmAt).toBe((failed.schedule.lastRunAt ?? 0) + alarmRetryDelay(1));
    expect(alarmRetryDelay(1)).toBe(10 * SECOND);
    expect(alarmRetryDelay(2)).toBe(20 * SECOND);
    expect(alarmRetryDelay(20)).toBe(HOUR);

    // The retry: D1 answers, the campaign starts (its start was a batch before the failing step, so it had moved
    // already, and the retry does the rest once), and the failures are forgotten.
    expect(await runDurableObjectAlarm(object)).toBe(true);
    expect((await findCampaignDue(env.DB, campaign.id))?.campaign.status).toBe("active");
    const schedule = await object.schedule();
    expect(schedule.failures).toBe(0);
    expect(schedule.nextDueAt).toBe((await findCampaignDue(env.DB, campaign.id))?.healthDueAt);
  });
});

describe("the scheduler with campaign objects", () => {
  it("wakes the object of a campaign that is due and not done, which starts it on its alarm", async () => {
    const now = Date.now();
    const campaign = await fundedCampaign("inactive", { startsAt: now - MINUTE, endsAt: now + 10 * DAY });
    const report = await runScheduledWork(schedulerDepsFromEnv(env));
    expect(report.failedSteps).toEqual([]);
    expect(report.campaigns.woken).toBeGreaterThanOrEqual(1);
    // Woken, the object runs its due work on an alarm set for now (retried by the platform if it throws).
    const object = objectOf(campaign.id);
    await runDurableObjectAlarm(object);
    await expect.poll(async () => (await findCampaignDue(env.DB, campaign.id))?.campaign.status).toBe("active");
    expect((await object.schedule()).campaignId).toBe(campaign.id);
  });
});
