import { env } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import type { PostStatus } from "../../../worker/contracts/vocabulary.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import {
  buildCampaign,
  buildPost,
  buildUser,
  polledPostsStatements,
  publishedPostsStatements,
  type PolledPost,
} from "../../../fixtures/factories.ts";
import { expireUnclaimedStatements } from "../../../worker/db/post-status-changes.ts";
import { findRewardCampaign } from "../../../worker/db/reward-campaigns.ts";
import { acquireLease } from "../../../worker/db/scheduler-leases.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { WEEK } from "../../../worker/contracts/campaign-weeks.ts";
import { evaluateCampaign } from "../../../worker/domain/rewards/evaluation.ts";
import { MATURITY_GRACE } from "../../../worker/domain/rewards/poll-schedule.ts";
import { defaultPollingLimits } from "../../../worker/domain/rewards/polling.ts";
import { leaseDueReadGroups } from "../../../worker/domain/rewards/read-groups.ts";
import { closeDueWeeks } from "../../../worker/domain/rewards/weeks.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { campaignDue, expectBalancedLedger, insertAdvertiser, listPostRewards, schedulerDeps } from "../support/rewards.ts";

/** The scheduler's safety nets, on real D1: concurrent evaluations, crashed runs, and X that never answers. */

type Setup = { campaignId: string; clock: ReturnType<typeof fixedClock>; creators: string[] };

/**
 * An evaluating campaign whose maturity is over: `creators` creators with `postsEach` posts each in each of its two
 * weeks, already matured with known scores; the first `claimers` creators claimed theirs, the rest left theirs
 * eligible.
 */
async function maturedCampaign(key: string, input: { creators: number; postsEach: number; claimers: number }): Promise<Setup> {
  const clock = fixedClock(systemClock.now());
  const now = clock.now();
  const advertiser = await insertAdvertiser(`sched-${key}`);
  const campaign = buildCampaign(`sched-${key}`, advertiser, "evaluating", now, {
    startsAt: now - 2 * WEEK - 3 * DAY,
    endsAt: now - 3 * DAY,
    weeklyPool: 1_000_000,
    bonusPool: 333_333,
    creatorCapBps: 2_000,
  });
  await insertCampaignStatement(env.DB, campaign).run();
  await depositAdvertiserFunds(env.DB, clock, {
    advertiserId: advertiser.id,
    currency: "USDC",
    amount: 2_333_333,
    idempotencyKey: `deposit:${key}`,
  });
  await fundCampaign(env.DB, clock, campaign.id);
  const creators = Array.from({ length: input.creators }, (_, index) => buildUser(`${key}_${index}`, now));
  const statements: D1PreparedStatement[] = creators.flatMap((creator) => [
    ...insertUserStatements(env.DB, creator, ["creator"]),
    ...joinCampaignStatements(env.DB, campaign.id, creator.id, campaign.startsAt),
  ]);
  const posts: PolledPost[] = [];
  for (const [index, creator] of creators.entries()) {
    for (const week of [1, 2]) {
      for (let n = 0; n < input.postsEach; n += 1) {
        const postedAt = campaign.startsAt + (week - 1) * WEEK + HOUR * (n + 1);
        const status: PostStatus = index < input.claimers ? "claimed" : "eligible";
        const post = buildPost(`${key}-${index}-${week}-${n}`, campaign, creator, status, postedAt, { postedAt, campaignWeek: week });
        const score = ((index * 7 + n * 13 + week) % 11) * 100;
        posts.push({
          post,
          metrics: { impressions: score, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 },
          score,
          polledAt: postedAt + 48 * HOUR,
          maturedAt: postedAt + 48 * HOUR,
        });
      }
    }
  }
  await env.DB.batch([...statements, ...polledPostsStatements(env.DB, posts, now)]);
  return { campaignId: campaign.id, clock, creators: creators.map((creator) => creator.id) };
}

async function ledgerSnapshot() {
  return env.DB.prepare(
    `SELECT (SELECT COUNT(*) FROM ledger_entries) AS entries, (SELECT COUNT(*) FROM ledger_lines) AS lines,
       (SELECT COUNT(*) FROM post_rewards) AS rewards, (SELECT COALESCE(SUM(amount), 0) FROM ledger_lines WHERE amount > 0) AS volume`,
  ).first();
}

describe("rewards scheduler: concurrency and crashes", () => {
  it("pays once when two evaluations of the same campaign run at the same moment, bypassing the lease", async () => {
    const { campaignId, clock, creators } = await maturedCampaign("twice", { creators: 12, postsEach: 2, claimers: 9 });
    // Flagged as an admin would (no product screen writes account_flags yet): that creator is paid nothing.
    await env.DB.prepare(`INSERT INTO account_flags (user_id, reason, flagged_at) VALUES (?, 'test', ?)`)
      .bind(creators[0] ?? "", clock.now())
      .run();
    const deps = { db: env.DB, clock };
    await closeDueWeeks(deps, await campaignDue(campaignId));
    const campaign = await findRewardCampaign(env.DB, campaignId);
    if (campaign === null) throw new Error("campaign missing");
    // Small entries and statements, so the payment spans several ledger entries and bulk statements.
    const limits = { claimedPageSize: 5, linesPerEntry: 4, rowsPerStatement: 7, leaseMs: 60_000 };
    const outcomes = await Promise.all([evaluateCampaign(deps, campaign, limits), evaluateCampaign(deps, campaign, limits)]);
    expect(outcomes.sort()).toEqual(["evaluated", "skipped"]);
    expect((await findRewardCampaign(env.DB, campaignId))?.status).toBe("evaluated");

    const rewards = await listPostRewards(env.DB, campaignId);
    expect(rewards).toHaveLength(9 * 2 * 2);
    const posts = await env.DB.prepare(`SELECT id, status FROM posts WHERE campaign_id = ?`)
      .bind(campaignId)
      .all<{ id: string; status: string }>();
    const statuses = new Map(posts.results.map((post) => [post.id, post.status]));
    for (const reward of rewards) {
      expect(statuses.get(reward.postId)).toBe(reward.poolAmount + reward.bonusAmount > 0 ? "rewarded" : "not-rewarded");
    }
    expect([...statuses.values()].filter((status) => status === "expired" || status === "expired-bonus")).toHaveLength(3 * 2 * 2);

    // Each week's pool of 1 USDC split over the stored scores (in comments) of creators 1 to 8, creator 0 flagged and
    // paid nothing; a creator takes at most 20 % (200 000): week 1 caps creator 1 (1 800 of 8 500 points), week 2
    // creators 4 and 7, and the others share what is left in proportion, then among their own posts.
    expect(rewards.filter((reward) => reward.userId === creators[0]).map((reward) => reward.bonusAmount)).toEqual([0, 0, 0, 0]);
    expect(Object.fromEntries(rewards.map((reward) => [reward.postId, reward.poolAmount]))).toEqual({
      "post-twice-0-1-0": 0, // flagged
      "post-twice-0-1-1": 0,
      "post-twice-0-2-0": 0,
      "post-twice-0-2-1": 0,
      // Week 1.
      "post-twice-1-1-0": 88_889, // 800, with 1 000 below: creator 1 is capped at 200 000
      "post-twice-1-1-1": 111_111, // 1 000
      "post-twice-2-1-0": 47_761, // 400
      "post-twice-2-1-1": 71_642, // 600
      "post-twice-3-1-0": 0, // 0
      "post-twice-3-1-1": 23_881, // 200
      "post-twice-4-1-0": 83_582, // 700
      "post-twice-4-1-1": 107_463, // 900
      "post-twice-5-1-0": 35_821, // 300
      "post-twice-5-1-1": 59_701, // 500
      "post-twice-6-1-0": 119_403, // 1 000
      "post-twice-6-1-1": 11_940, // 100
      "post-twice-7-1-0": 71_642, // 600
      "post-twice-7-1-1": 95_522, // 800
      "post-twice-8-1-0": 23_881, // 200
      "post-twice-8-1-1": 47_761, // 400
      // Week 2.
      "post-twice-1-2-0": 120_000, // 900
      "post-twice-1-2-1": 0, // 0
      "post-twice-2-2-0": 66_667, // 500
      "post-twice-2-2-1": 93_333, // 700
      "post-twice-3-2-0": 13_333, // 100
      "post-twice-3-2-1": 40_000, // 300
      "post-twice-4-2-0": 88_889, // 800, with 1 000 below: creator 4 is capped at 200 000
      "post-twice-4-2-1": 111_111, // 1 000
      "post-twice-5-2-0": 53_333, // 400
      "post-twice-5-2-1": 80_000, // 600
      "post-twice-6-2-0": 0, // 0
      "post-twice-6-2-1": 26_667, // 200
      "post-twice-7-2-0": 87_500, // 700, with 900 below: creator 7 is capped at 200 000
      "post-twice-7-2-1": 112_500, // 900
      "post-twice-8-2-0": 40_000, // 300
      "post-twice-8-2-1": 66_667, // 500
    });
    await expectBalancedLedger();

    const before = await ledgerSnapshot();
    await Promise.all([runScheduledWork(schedulerDeps(clock)), evaluateCampaign(deps, campaign, limits)]);
    expect(await ledgerSnapshot()).toEqual(before);
  });

  it("finishes after a run died half-way: expired claims, a held lease, leased posts", async () => {
    const { campaignId, clock } = await maturedCampaign("crash", { creators: 4, postsEach: 1, claimers: 2 });
    const deps = schedulerDeps(clock);
    // A run closed the weeks and the claims, then died holding the campaign's lease.
    await closeDueWeeks({ db: env.DB, clock }, await campaignDue(campaignId));
    await env.DB.batch(expireUnclaimedStatements(env.DB, campaignId, clock.now()));
    expect(
      await acquireLease(env.DB, { name: `evaluate:${campaignId}`, holder: "dead-run", now: clock.now(), durationMs: 10 * 60_000 }),
    ).toBe(true);

    const blocked = await runScheduledWork(deps);
    expect(blocked.failedSteps).toEqual([]);
    expect(blocked.campaigns.evaluation.evaluated).toEqual([]);
    expect((await findRewardCampaign(env.DB, campaignId))?.status).toBe("evaluating");

    clock.advance(10 * 60_000);
    const [first, second] = await Promise.all([runScheduledWork(deps), runScheduledWork(deps)]);
    expect([...(first?.campaigns.evaluation.evaluated ?? []), ...(second?.campaigns.evaluation.evaluated ?? [])]).toEqual([campaignId]);
    expect((await findRewardCampaign(env.DB, campaignId))?.status).toBe("evaluated");
    const rewards = await listPostRewards(env.DB, campaignId);
    expect(rewards).toHaveLength(2 * 2);
    expect(rewards.reduce((sum, reward) => sum + reward.poolAmount + reward.bonusAmount, 0)).toBeGreaterThan(0);
    await expectBalancedLedger();
  });

  it("backs off while X cannot be asked, and matures the post after the grace period with the reason", async () => {
    const clock = fixedClock(systemClock.now());
    const now = clock.now();
    const advertiser = await insertAdvertiser("sched-no-x");
    const campaign = buildCampaign("sched-no-x", advertiser, "active", now, { startsAt: now - DAY, endsAt: now + 20 * DAY });
    // A creator who never signed in with X: Chorus holds no token to read their post with.
    const creator = buildUser("no_x_access", now);
    const post = buildPost("no-x", campaign, creator, "evaluating", now, { postedAt: now - HOUR, networkPostId: "1234567890123456789" });
    await env.DB.batch([
      insertCampaignStatement(env.DB, campaign),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...joinCampaignStatements(env.DB, campaign.id, creator.id, campaign.startsAt),
      ...publishedPostsStatements(env.DB, [post], now),
    ]);
    const deps = schedulerDeps(clock);
    // Each failed attempt is a warning for the operator, not an error: X being unreachable is expected to happen.
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const first = await runScheduledWork(deps);
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^Metrics polling: 1 post\(s\) failed and will be retried with backoff/));
    expect(first.polling).toMatchObject({ polled: 0, failed: 1 });
    const row = () =>
      env.DB.prepare(`SELECT failures, next_poll_at, last_error, leased_until FROM post_metrics WHERE post_id = ?`)
        .bind(post.id)
        .first<{ failures: number; next_poll_at: number; last_error: string; leased_until: number }>();
    expect(await row()).toMatchObject({ failures: 1, next_poll_at: now + 5 * 60_000, leased_until: 0 });
    expect((await row())?.last_error).toMatch(/no usable X access/);

    // Not due yet: nothing is asked. Due again: the gap has doubled.
    clock.advance(60_000);
    expect((await runScheduledWork(deps)).polling.failed).toBe(0);
    clock.advance(4 * 60_000);
    expect((await runScheduledWork(deps)).polling.failed).toBe(1);
    expect((await row())?.next_poll_at).toBe(clock.now() + 10 * 60_000);

    // A post leased by a run that died is left alone until its lease runs out.
    clock.advance(10 * 60_000);
    expect(await leaseDueReadGroups({ db: env.DB, clock }, defaultPollingLimits)).toEqual([
      { network: "x", ownerId: creator.id, postIds: [post.id], leaseUntil: clock.now() + 5 * 60_000 },
    ]);
    expect((await runScheduledWork(deps)).polling.failed).toBe(0);
    clock.advance(5 * 60_000);
    expect((await runScheduledWork(deps)).polling.failed).toBe(1);

    // Past maturity and the grace period, it matures with what there is: nothing from X.
    clock.advance(47 * HOUR + MATURITY_GRACE);
    const late = await runScheduledWork(deps);
    expect(late.maturity.matured).toBe(1);
    const matured = await env.DB.prepare(`SELECT status, status_reasons FROM posts WHERE id = ?`)
      .bind(post.id)
      .first<{ status: string; status_reasons: string }>();
    expect(matured?.status).toBe("not-eligible");
    expect(JSON.parse(matured?.status_reasons ?? "[]")).toContainEqual(expect.objectContaining({ code: "metrics-unavailable" }));
    warn.mockRestore();
  });
});
