/**
 * The scheduler beside the campaign objects (docs/decisions/039-a-million-creators.md, "Slice 1, as built"): one run's
 * D1 work with 100 and with 1,000 live campaigns whose objects have done what was due (their next health and week
 * closing ahead), beside the same few campaigns due that nothing has done yet (two to start, two whose health is due,
 * one to evaluate). The scheduler only wakes objects here (it is measured alone); one woken campaign's alarm work is
 * measured after it. Expected: the same statements and rows at both sizes.
 *
 * D1 is wrangler's local D1 through the platform proxy, in its own directory per size, migrated by scripts/migrate.ts.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { buildAdvertiser, buildCampaign } from "../fixtures/factories.ts";
import { DAY, MINUTE } from "../worker/clock.ts";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { markFundedStatement } from "../worker/db/reward-campaigns.ts";
import { runCampaignDueWork } from "../worker/domain/rewards/campaign-due-work.ts";
import { HEALTH_REFRESH_INTERVAL } from "../worker/domain/rewards/pacing.ts";
import { runScheduledWork, type StepD1 } from "../worker/jobs/scheduler.ts";
import { meteredD1, newD1Meter } from "../worker/timings.ts";
import { fixedClock } from "../tests/support/clock.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { benchSchedulerDeps } from "./local-data.ts";

export type CampaignAlarmsRow = {
  liveCampaigns: number;
  /** The scheduler's two campaign passes together. */
  scheduler: StepD1;
  woken: number;
  /** One woken campaign's alarm (its health was due). */
  alarm: StepD1;
};

export type CampaignAlarmsResult = { rows: CampaignAlarmsRow[]; alarmsPerLiveCampaignDay: number };

const now = Date.UTC(2026, 11, 7, 12);

function migrated(persistTo: string): void {
  rmSync(persistTo, { recursive: true, force: true });
  const result = spawnSync("node", ["scripts/migrate.ts"], { encoding: "utf8", env: { ...process.env, CHORUS_PERSIST_TO: persistTo } });
  if (result.status !== 0) throw new Error(`Migrations failed:\n${result.stdout}\n${result.stderr}`);
}

async function measureSize(liveCampaigns: number): Promise<CampaignAlarmsRow> {
  const persistTo = `.wrangler/bench-alarms-state-${liveCampaigns}`;
  migrated(persistTo);
  const proxy = await localBindings(persistTo);
  try {
    const db = proxy.env.DB;
    const advertiser = buildAdvertiser("alarms", now);
    const live = Array.from({ length: liveCampaigns }, (_, index) =>
      buildCampaign(`live-${index}`, advertiser, "active", now, { startsAt: now - DAY - index * MINUTE, endsAt: now + 20 * DAY }),
    );
    const starting = [1, 2].map((n) =>
      buildCampaign(`starting-${n}`, advertiser, "inactive", now, { startsAt: now - MINUTE, endsAt: now + 20 * DAY }),
    );
    const healthDue = [1, 2].map((n) =>
      buildCampaign(`health-${n}`, advertiser, "active", now, { startsAt: now - DAY, endsAt: now + 20 * DAY }),
    );
    const evaluating = buildCampaign("evaluating", advertiser, "evaluating", now, { startsAt: now - 20 * DAY, endsAt: now - 3 * DAY });
    const all = [...live, ...starting, ...healthDue, evaluating];
    await db.batch([insertAdvertiserStatement(db, advertiser)]);
    for (let start = 0; start < all.length; start += 200) {
      await db.batch(
        all
          .slice(start, start + 200)
          .flatMap((campaign) => [insertCampaignStatement(db, campaign), markFundedStatement(db, campaign.id, now - 2 * DAY)]),
      );
    }
    // What the live campaigns' objects left: health recomputed a few minutes ago, weeks due at their week's end.
    await db
      .prepare(`UPDATE campaigns SET health_due_at = ? WHERE id LIKE 'campaign-live-%'`)
      .bind(now + HEALTH_REFRESH_INTERVAL - 5 * MINUTE)
      .run();
    await db
      .prepare(`UPDATE campaigns SET health_due_at = ? WHERE id LIKE 'campaign-health-%'`)
      .bind(now - MINUTE)
      .run();

    const clock = fixedClock(now);
    const woken: string[] = [];
    const meter = newD1Meter();
    const report = await runScheduledWork({
      ...benchSchedulerDeps(meteredD1(db, meter), clock),
      campaignObjects: { wake: async (campaignId) => void woken.push(campaignId) },
      d1Meter: meter,
    });
    const passNames = ["campaigns due", "campaigns due after maturity"];
    // (The benchmark's networks are never asked, so the sign-in sweep, which asks them, fails: it is not measured here.)
    const failed = report.failedSteps.filter((name) => passNames.includes(name));
    if (failed.length > 0) throw new Error(`Scheduler steps failed: ${failed.join(", ")}`);
    const passes = passNames.map((name) => report.stepD1[name]);
    const scheduler = passes.reduce<StepD1>(
      (sum, step) => ({
        statements: sum.statements + (step?.statements ?? 0),
        rowsRead: sum.rowsRead + (step?.rowsRead ?? 0),
        rowsWritten: sum.rowsWritten + (step?.rowsWritten ?? 0),
        ms: Math.round((sum.ms + (step?.ms ?? 0)) * 10) / 10,
      }),
      { statements: 0, rowsRead: 0, rowsWritten: 0, ms: 0 },
    );

    const alarmMeter = newD1Meter();
    const started = performance.now();
    await runCampaignDueWork({ db: meteredD1(db, alarmMeter), clock, holder: "bench" }, healthDue[0]?.id ?? "");
    const alarm = {
      statements: alarmMeter.statements,
      rowsRead: alarmMeter.rowsRead,
      rowsWritten: alarmMeter.rowsWritten,
      ms: Math.round((performance.now() - started) * 10) / 10,
    };
    return { liveCampaigns, scheduler, woken: woken.length, alarm };
  } finally {
    await proxy.dispose();
    rmSync(persistTo, { recursive: true, force: true });
  }
}

export async function runCampaignAlarmsBenchmark(sizes: readonly number[] = [100, 1_000]): Promise<CampaignAlarmsResult> {
  const rows: CampaignAlarmsRow[] = [];
  for (const size of sizes) rows.push(await measureSize(size));
  // A live campaign's alarm comes for its health every 15 minutes, and a few times more for its weeks and status moves.
  return { rows, alarmsPerLiveCampaignDay: DAY / HEALTH_REFRESH_INTERVAL };
}
