/**
 * Evaluating a large campaign end to end on local D1 (issue 6): 10,000 creators and 100,000 posts over two campaign
 * weeks, all published and polled; the scheduler (`runScheduledWork`, the same code the cron trigger runs) then
 * matures every post against the rules, closes both weeks and picks their bonus posts, and evaluates the campaign:
 * unclaimed posts expire, the weekly and bonus pools are split with the per-creator cap, the ledger pays every
 * creator and each claimed post becomes rewarded or not-rewarded. 90 % of the creators had confirmed payout during
 * the campaign (so their posts are claimed as they mature); the rest never do.
 *
 * D1 is wrangler's local D1 through `getPlatformProxy`, in its own directory (.wrangler/bench-eval-state), migrated
 * from the real migration files. Building the data set is not measured; the scheduler's runs are. Queries are
 * counted by wrapping the binding: each prepared statement run (`first`/`all`/`run`/`raw`) and each statement of a
 * `batch` counts one.
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import { DAY, HOUR } from "../worker/clock.ts";
import { fixedClock } from "../tests/support/clock.ts";
import { defaultScoreWeights } from "../worker/contracts/campaign-rules.ts";
import { insertAdvertiserStatement } from "../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { buildAdvertiser, buildCampaign } from "../fixtures/factories.ts";
import { ledgerTotals } from "../tests/support/ledger.ts";
import { findRewardCampaign } from "../worker/db/reward-campaigns.ts";
import { depositAdvertiserFunds, fundCampaign } from "../worker/domain/ledger/funding.ts";
import { WEEK } from "../worker/contracts/campaign-weeks.ts";
import { runScheduledWork } from "../worker/jobs/scheduler.ts";
import { meteredD1, newD1Meter } from "../worker/timings.ts";
import { localBindings } from "../scripts/local-bindings.ts";
import { benchSchedulerDeps } from "./local-data.ts";

export type EvaluationBenchmarkOptions = { creators?: number; posts?: number; persistTo?: string };

export type EvaluationBenchmarkResult = {
  seconds: number;
  d1Queries: number;
  schedulerRuns: number;
  /** Wall time per scheduler step, summed over the runs. */
  stepSeconds: Record<string, number>;
  setupSeconds: number;
  creators: number;
  posts: number;
  statuses: Record<string, number>;
  rewardedAmount: number;
  pooled: number;
};

function migrate(persistTo: string) {
  rmSync(persistTo, { recursive: true, force: true });
  const result = spawnSync("wrangler", ["d1", "migrations", "apply", "DB", "--local", "-c", "wrangler.toml", "--persist-to", persistTo], {
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`Migrations failed:\n${result.stdout}\n${result.stderr}`);
}

/** The data set, generated inside SQLite (recursive CTEs) so building it costs seconds, not round trips. */
async function buildDataSet(db: D1Database, input: { creators: number; posts: number; campaignId: string; startsAt: number; now: number }) {
  const { creators, posts, campaignId, startsAt, now } = input;
  const weights = defaultScoreWeights;
  const postsPerCreator = Math.ceil(posts / creators);
  const perWeek = Math.ceil(postsPerCreator / 2);
  const statements = [
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
         INSERT INTO users (id, signup_account, handle, name, created_at, updated_at)
         SELECT 'bench-user-' || i, 'x:bench-x-' || i, 'bench' || i, 'Bench creator ' || i, ?2, ?2 FROM n`,
      )
      .bind(creators, now),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
         INSERT INTO campaign_participants (campaign_id, user_id, joined_at) SELECT ?2, 'bench-user-' || i, ?3 FROM n`,
      )
      .bind(creators, campaignId, startsAt - DAY),
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1)
         INSERT INTO campaign_memberships (user_id, campaign_id, joined_at) SELECT 'bench-user-' || i, ?2, ?3 FROM n`,
      )
      .bind(creators, campaignId, startsAt - DAY),
    // Post i belongs to creator i % creators; its rank k among that creator's posts puts it in week 1 or 2.
    db
      .prepare(
        `WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?1),
         shaped AS (SELECT i, i % CAST(?2 AS INTEGER) AS creator, i / CAST(?2 AS INTEGER) AS k FROM n)
         INSERT INTO posts (id, campaign_id, user_id, network_post_id, content, status, campaign_week, posted_at, created_at, updated_at)
         SELECT 'bench-post-' || i, ?3, 'bench-user-' || creator, CAST(1000000000000 + i AS TEXT),
           CASE WHEN i % 10 = 7 THEN 'Forgot the tag ' || i ELSE 'Posting about it #Bench ' || i END,
           'evaluating', 1 + (k >= ?4),
           ?5 + (k >= ?4) * ?6 + (k % CAST(?4 AS INTEGER)) * ?7 + (creator % 1000) * 60000, ?8, ?8
         FROM shaped`,
      )
      .bind(posts, creators, campaignId, perWeek, startsAt, WEEK, DAY, now),
    // Polled at maturity: ready to mature on the next run. Metrics spread deterministically.
    db
      .prepare(
        `INSERT INTO post_metrics (post_id, campaign_id, impressions, likes, reposts, replies, quotes, bookmarks, score, polls,
           polled_at, next_poll_at, matures_at, created_at, updated_at)
         SELECT id, campaign_id, impressions, likes, likes / 10, likes / 7, likes / 25, likes / 8,
           impressions * ?2 + likes * ?3 + (likes / 10) * ?4 + (likes / 7) * ?5 + (likes / 25) * ?6 + (likes / 8) * ?7,
           5, posted_at + 48 * 3600000, NULL, posted_at + 48 * 3600000, ?8, ?8
         FROM (SELECT id, campaign_id, posted_at, 150 + (rowid * 7919) % 6000 AS impressions, ((rowid * 104729) % 6000) / 40 AS likes
               FROM posts WHERE campaign_id = ?1)`,
      )
      .bind(campaignId, weights.impressions, weights.likes, weights.reposts, weights.replies, weights.quotes, weights.bookmarks, now),
    // 90 % of creators confirmed payout during the campaign; one in 200 is flagged.
    db
      .prepare(
        `INSERT INTO payout_confirmations (campaign_id, user_id, confirmed_at)
         SELECT ?1, id, ?2 FROM users WHERE id LIKE 'bench-user-%' AND CAST(substr(id, 12) AS INTEGER) % 10 != 0`,
      )
      .bind(campaignId, startsAt + DAY),
    db
      .prepare(
        `INSERT INTO account_flags (user_id, reason, flagged_at)
         SELECT id, 'benchmark', ?1 FROM users WHERE id LIKE 'bench-user-%' AND CAST(substr(id, 12) AS INTEGER) % 200 = 0`,
      )
      .bind(startsAt),
  ];
  await db.batch(statements);
}

export async function runEvaluationBenchmark(options: EvaluationBenchmarkOptions = {}): Promise<EvaluationBenchmarkResult> {
  const creators = options.creators ?? 10_000;
  const posts = options.posts ?? 100_000;
  const persistTo = options.persistTo ?? ".wrangler/bench-eval-state";
  const setupStarted = performance.now();
  migrate(persistTo);
  const proxy = await localBindings(persistTo);
  try {
    const db = proxy.env.DB;
    const clock = fixedClock(Date.UTC(2026, 5, 20, 12));
    const now = clock.now();
    const advertiser = buildAdvertiser("bench", now);
    const campaign = buildCampaign("bench", advertiser, "evaluating", now, {
      startsAt: now - 2 * WEEK - 3 * DAY,
      endsAt: now - 3 * DAY,
      maturityHours: 48,
      weeklyPool: 50_000_000_000,
      bonusPool: 10_000_000_000,
      creatorCapBps: 100,
      rules: { requiredMentions: [], requiredHashtags: ["#Bench"], requiredLink: null, minImpressions: 200, maxPostsPerWeek: 5 },
    });
    await db.batch([insertAdvertiserStatement(db, advertiser), insertCampaignStatement(db, campaign)]);
    await depositAdvertiserFunds(db, clock, {
      advertiserId: advertiser.id,
      currency: "USDC",
      amount: 110_000_000_000,
      idempotencyKey: "bench-deposit",
    });
    await fundCampaign(db, clock, campaign.id);
    await buildDataSet(db, { creators, posts, campaignId: campaign.id, startsAt: campaign.startsAt, now });
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const counter = newD1Meter();
    const counted = meteredD1(db, counter);
    // X is never asked: every post already has its final metrics. Only the rewards steps run.
    const deps = benchSchedulerDeps(counted, clock);
    const started = performance.now();
    let runs = 0;
    const stepSeconds: Record<string, number> = {};
    for (; runs < 50;) {
      runs += 1;
      const report = await runScheduledWork(deps);
      for (const [name, milliseconds] of Object.entries(report.stepMilliseconds))
        stepSeconds[name] = (stepSeconds[name] ?? 0) + milliseconds / 1000;
      if (report.failedSteps.length > 0) throw new Error(`Scheduler steps failed: ${report.failedSteps.join(", ")}`);
      if ((await findRewardCampaign(db, campaign.id))?.status === "evaluated") break;
      clock.advance(HOUR / 60);
    }
    const seconds = (performance.now() - started) / 1000;

    const statusRows = await db
      .prepare(`SELECT status, COUNT(*) AS n FROM posts WHERE campaign_id = ? GROUP BY status`)
      .bind(campaign.id)
      .all<{ status: string; n: number }>();
    const rewarded = await db
      .prepare(`SELECT COALESCE(SUM(pool_amount + bonus_amount), 0) AS total FROM post_rewards WHERE campaign_id = ?`)
      .bind(campaign.id)
      .first<{ total: number }>();
    const totals = await ledgerTotals(db);
    if (totals.some((row) => row.debits !== row.credits)) throw new Error("The ledger does not balance");
    if ((await findRewardCampaign(db, campaign.id))?.status !== "evaluated") throw new Error("The campaign was not evaluated");
    return {
      seconds: Number(seconds.toFixed(2)),
      d1Queries: counter.statements,
      schedulerRuns: runs,
      stepSeconds: Object.fromEntries(Object.entries(stepSeconds).map(([name, value]) => [name, Number(value.toFixed(2))])),
      setupSeconds: Number(setupSeconds.toFixed(2)),
      creators,
      posts,
      statuses: Object.fromEntries(statusRows.results.map((row) => [row.status, row.n])),
      rewardedAmount: rewarded?.total ?? 0,
      pooled: 2 * campaign.weeklyPool + campaign.bonusPool,
    };
  } finally {
    await proxy.dispose();
  }
}
