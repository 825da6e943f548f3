import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, fixedClock, HOUR, systemClock } from "../../worker/clock.ts";
import { defaultCampaignRules } from "../../worker/contracts/campaign-rules.ts";
import type { PostStatus } from "../../worker/contracts/vocabulary.ts";
import { insertCampaignStatement, insertParticipantStatement } from "../../worker/db/campaigns.ts";
import { buildCampaign, buildPost, buildUser } from "../support/factories.ts";
import { insertPostStatement } from "../../worker/db/posts.ts";
import { findRewardCampaign } from "../../worker/db/reward-campaigns.ts";
import { insertUserStatements } from "../../worker/db/users.ts";
import { poolBalances } from "../../worker/domain/ledger/balances.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../worker/domain/ledger/funding.ts";
import { WEEK } from "../../worker/contracts/campaign-weeks.ts";
import { evaluateCampaign } from "../../worker/domain/rewards/evaluation.ts";
import { splitPool } from "../../worker/domain/rewards/split.ts";
import { runScheduledWork, type SchedulerReport } from "../../worker/jobs/scheduler.ts";
import {
  apiTokenFor,
  balanceOf,
  confirmPayout,
  creatorOnX,
  expectBalancedLedger,
  insertAdvertiser,
  listPostRewards,
  schedulerDeps,
  testXClient,
  type TestCreator,
} from "./rewards-fixtures.ts";

/**
 * The whole journey on real D1 and the real X emulator (over HTTP), with the app's clock moved by the test: a
 * two-week campaign is funded, starts, collects posts from four creators, polls their metrics from X, matures
 * them, closes its weeks, ends and is evaluated. One post is deleted on X, one creator never claims, and every
 * scheduler tick runs twice at the same moment. The emulator's metrics grow with real time, so the expected
 * rewards are worked out from what X returned (the stored metrics), and the test checks that money followed them.
 */
const WEEKLY_POOL = 100_000_000;
const BONUS_POOL = 40_000_000;
const CAP_BPS = 5_000;

type PostRow = { id: string; status: PostStatus; status_reasons: string; user_id: string };

async function postStatuses(campaignId: string): Promise<Map<string, PostRow>> {
  const rows = await env.DB.prepare(`SELECT id, status, status_reasons, user_id FROM posts WHERE campaign_id = ?`)
    .bind(campaignId)
    .all<PostRow>();
  return new Map(rows.results.map((row) => [row.id, row]));
}

async function notificationCounts(campaignId: string): Promise<Map<string, number>> {
  const rows = await env.DB.prepare(
    `SELECT user_id, event_type, COUNT(*) AS n FROM notifications WHERE campaign_id = ? GROUP BY user_id, event_type`,
  )
    .bind(campaignId)
    .all<{ user_id: string; event_type: string; n: number }>();
  return new Map(rows.results.map((row) => [`${row.user_id} ${row.event_type}`, row.n]));
}

/**
 * Waits (real time, at most `limitMs`) until X shows impressions on `enough` of the posts, so the split is likely to
 * have scores to work with. Best effort: the expectations below hold whatever X returned.
 */
async function waitForImpressions(reader: TestCreator, xPostIds: string[], enough: number, limitMs: number): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    const lookup = await testXClient().lookupPosts(await reader.xToken(), xPostIds);
    if (lookup.found.filter((post) => (post.metrics?.impression_count ?? 0) > 0).length >= enough) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe("rewards: a campaign from start to evaluated", () => {
  it("moves campaign and posts through every status and pays exactly what the rules say, once", { timeout: 180_000 }, async () => {
    const clock = fixedClock(systemClock.now());
    const t0 = clock.now() + HOUR;
    const deps = schedulerDeps(clock);
    const x = testXClient();
    const reports: SchedulerReport[] = [];
    const tick = async (at: number) => {
      expect(at).toBeGreaterThanOrEqual(clock.now());
      clock.advance(at - clock.now());
      // Every tick is two scheduler runs at the same moment, as overlapping cron invocations would be.
      const both = await Promise.all([runScheduledWork(deps), runScheduledWork(deps)]);
      for (const report of both) expect(report.failedSteps).toEqual([]);
      reports.push(...both);
    };

    const advertiser = await insertAdvertiser(`lifecycle-${crypto.randomUUID().slice(0, 8)}`);
    const campaign = buildCampaign("lifecycle", advertiser, "inactive", clock.now(), {
      startsAt: t0,
      endsAt: t0 + 2 * WEEK,
      weeklyPool: WEEKLY_POOL,
      bonusPool: BONUS_POOL,
      creatorCapBps: CAP_BPS,
      targetScore: 5_000,
      rules: { ...defaultCampaignRules, requiredHashtags: ["#ChorusLaunch"], maxPostsPerWeek: 2, minImpressions: 0 },
    });
    await insertCampaignStatement(env.DB, campaign).run();
    await depositAdvertiserFunds(env.DB, clock, {
      advertiserId: advertiser.id,
      currency: "USDC",
      amount: 2 * WEEKLY_POOL + BONUS_POOL,
      idempotencyKey: `deposit:${campaign.id}`,
    });
    expect(await fundCampaign(env.DB, clock, campaign.id)).toEqual({ funded: true, amount: 2 * WEEKLY_POOL + BONUS_POOL });

    const [ann, ben, cat, dan] = await Promise.all(["ann", "ben", "cat", "dan"].map((name) => creatorOnX(name)));
    if (ann === undefined || ben === undefined || cat === undefined || dan === undefined) throw new Error("creators missing");
    const eve = buildUser(`eve_${crypto.randomUUID().slice(0, 6)}`, clock.now());
    await env.DB.batch(insertUserStatements(env.DB, eve, ["creator"]));
    const everyone = [ann.userId, ben.userId, cat.userId, dan.userId, eve.id];
    await env.DB.batch(everyone.map((userId) => insertParticipantStatement(env.DB, campaign.id, userId, t0 - 30 * 60_000)));

    // Published on X now (real time), so they age while the test runs; recorded in D1 at their campaign time.
    const plan = [
      { key: "a1", creator: ann, text: "Week one with the new app #ChorusLaunch", at: t0 + 2 * HOUR },
      { key: "b1", creator: ben, text: "Trying it out today #ChorusLaunch", at: t0 + 2 * HOUR + 60_000 },
      { key: "c1", creator: cat, text: "My first impressions #ChorusLaunch", at: t0 + 2 * HOUR + 120_000 },
      { key: "d1", creator: dan, text: "Forgot the hashtag on this one", at: t0 + 2 * HOUR + 180_000 },
      { key: "d2", creator: dan, text: "Second try, with it this time #ChorusLaunch", at: t0 + 3 * HOUR },
      { key: "d3", creator: dan, text: "And a third one the same week #ChorusLaunch", at: t0 + 4 * HOUR },
      { key: "a2", creator: ann, text: "Week two and still loving it #ChorusLaunch", at: t0 + 8 * DAY },
      { key: "b2", creator: ben, text: "Week two thoughts #ChorusLaunch", at: t0 + 8 * DAY + 60_000 },
    ];
    const published = await Promise.all(
      plan.map(async (item) => {
        const tweet = await x.createPost(await item.creator.xToken(), { text: `${item.text} (${item.creator.handle})` });
        const post = buildPost(`lifecycle-${item.key}`, campaign, { id: item.creator.userId }, "evaluating", item.at, {
          xPostId: tweet.id,
          content: `${item.text} (${item.creator.handle})`,
          postedAt: item.at,
          campaignWeek: Math.floor((item.at - t0) / WEEK) + 1,
          createdAt: item.at,
          updatedAt: item.at,
        });
        return { ...item, post };
      }),
    );
    const postOf = (key: string) => {
      const found = published.find((item) => item.key === key);
      if (found === undefined) throw new Error(`no post ${key}`);
      return found;
    };
    const insertPosts = (keys: string[]) => env.DB.batch(keys.map((key) => insertPostStatement(env.DB, postOf(key).post)));

    // Funded but not started: stays inactive.
    await tick(t0 - 30 * 60_000);
    expect((await findRewardCampaign(env.DB, campaign.id))?.status).toBe("inactive");

    await tick(t0 + 60_000);
    expect((await findRewardCampaign(env.DB, campaign.id))?.status).toBe("active");

    // Week one: six posts, then the metrics are polled as they come due.
    await insertPosts(["a1", "b1", "c1", "d1", "d2", "d3"]);
    for (const at of [t0 + 3 * HOUR, t0 + 12 * HOUR, t0 + DAY, t0 + 36 * HOUR, t0 + 2 * DAY]) await tick(at);
    const early = await env.DB.prepare(`SELECT polls, impressions, score FROM post_metrics WHERE post_id = ?`)
      .bind(postOf("a1").post.id)
      .first<{ polls: number; impressions: number; score: number }>();
    expect(early?.polls).toBeGreaterThanOrEqual(3);
    expect((await findRewardCampaign(env.DB, campaign.id))?.health).not.toBe("unknown");

    // Best effort: let real time give the claimants' posts some reach before their final poll.
    await waitForImpressions(
      ann,
      ["a1", "b1", "d2"].map((key) => postOf(key).post.xPostId ?? ""),
      2,
      10_000,
    );

    // Maturity (48 h after posting): the final poll, then the rules.
    await tick(t0 + 2 * DAY + 5 * HOUR);
    let statuses = await postStatuses(campaign.id);
    const statusOf = (key: string) => statuses.get(postOf(key).post.id)?.status;
    const reasonsOf = (key: string) => JSON.parse(statuses.get(postOf(key).post.id)?.status_reasons ?? "[]") as { code: string }[];
    expect(["a1", "b1", "c1", "d2"].map(statusOf)).toEqual(["eligible", "eligible", "eligible", "eligible"]);
    expect(statusOf("d1")).toBe("not-eligible");
    expect(reasonsOf("d1").map((reason) => reason.code)).toEqual(["missing-hashtag"]);
    expect(statusOf("d3")).toBe("not-eligible");
    expect(reasonsOf("d3").map((reason) => reason.code)).toEqual(["over-weekly-limit"]);
    const late = await env.DB.prepare(`SELECT polls, impressions, score, next_poll_at FROM post_metrics WHERE post_id = ?`)
      .bind(postOf("a1").post.id)
      .first<{ polls: number; impressions: number; score: number; next_poll_at: number | null }>();
    expect(late?.impressions).toBeGreaterThanOrEqual(early?.impressions ?? 0);
    expect(late?.score).toBeGreaterThanOrEqual(early?.score ?? 0);
    expect(late?.next_poll_at).toBeNull();

    // Ann and Dan confirm payout; Cat never will; Eve has nothing to claim.
    const annClaim = await confirmPayout(campaign.id, ann.apiToken);
    expect(annClaim.status).toBe(200);
    expect(await annClaim.json()).toEqual({ campaignId: campaign.id, claimed: 1, postIds: [postOf("a1").post.id] });
    expect((await confirmPayout(campaign.id, dan.apiToken)).status).toBe(200);
    expect((await confirmPayout(campaign.id, await apiTokenFor(eve.id))).status).toBe(409);

    // Week one closes: its top 10 % (one of four) is a bonus post.
    await tick(t0 + WEEK + 60_000);
    const weekOne = await env.DB.prepare(`SELECT bonus_posts FROM campaign_weeks WHERE campaign_id = ? AND week = 1`)
      .bind(campaign.id)
      .first("bonus_posts");
    expect(weekOne).not.toBeNull();

    // Week two: Ann's post is claimed as it matures (she confirmed); Ben deletes his on X before it matures.
    await insertPosts(["a2", "b2"]);
    await tick(t0 + 8 * DAY + HOUR);
    await tick(t0 + 9 * DAY);
    await x.deletePost(await ben.xToken(), postOf("b2").post.xPostId ?? "");
    await tick(t0 + 9 * DAY + 12 * HOUR);
    statuses = await postStatuses(campaign.id);
    expect(statusOf("b2")).toBe("deleted");
    expect(reasonsOf("b2").map((reason) => reason.code)).toEqual(["deleted-on-x"]);
    await tick(t0 + 10 * DAY + 2 * HOUR);
    statuses = await postStatuses(campaign.id);
    expect(statusOf("a2")).toBe("claimed");

    expect((await confirmPayout(campaign.id, ben.apiToken)).status).toBe(200);

    await tick(t0 + 13 * DAY + 60_000);
    expect((await findRewardCampaign(env.DB, campaign.id))?.status).toBe("ending");
    await tick(t0 + 14 * DAY + 60_000);
    const beforeEvaluation = await findRewardCampaign(env.DB, campaign.id);
    expect(beforeEvaluation?.status).toBe("evaluating");
    expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM campaign_weeks WHERE campaign_id = ?`).bind(campaign.id).first("n")).toBe(2);

    // The maturity period is over: evaluation.
    await tick(t0 + 16 * DAY + 60_000);
    const evaluated = await findRewardCampaign(env.DB, campaign.id);
    expect(evaluated?.status).toBe("evaluated");
    expect(evaluated?.health).not.toBe("unknown");
    expect(reports.filter((report) => report.evaluation.evaluated.includes(campaign.id))).toHaveLength(1);

    statuses = await postStatuses(campaign.id);
    expect(["expired", "expired-bonus"]).toContain(statusOf("c1"));

    // What the rules say, from what X returned: each week's pool split among its claimed posts (cap 50 %), the
    // bonus pool among the claimed bonus posts.
    const metrics = await env.DB.prepare(
      `SELECT post_metrics.post_id, post_metrics.score, post_metrics.bonus, posts.user_id, posts.campaign_week FROM post_metrics
       JOIN posts ON posts.id = post_metrics.post_id WHERE posts.campaign_id = ?`,
    )
      .bind(campaign.id)
      .all<{ post_id: string; score: number; bonus: number; user_id: string; campaign_week: number }>();
    const claimedKeys = ["a1", "d2", "b1", "a2"];
    const claimed = metrics.results.filter((row) => claimedKeys.map((key) => postOf(key).post.id).includes(row.post_id));
    expect(claimed).toHaveLength(4);
    const expected = new Map<string, number>();
    for (const week of [1, 2]) {
      const split = splitPool(
        WEEKLY_POOL,
        claimed
          .filter((row) => row.campaign_week === week)
          .map((row) => ({ postId: row.post_id, creatorId: row.user_id, score: row.score })),
        CAP_BPS,
      );
      for (const [postId, share] of split.shares) expected.set(postId, share);
    }
    const bonus = splitPool(
      BONUS_POOL,
      claimed.filter((row) => row.bonus === 1).map((row) => ({ postId: row.post_id, creatorId: row.user_id, score: row.score })),
      10_000,
    );
    for (const [postId, share] of bonus.shares) expected.set(postId, (expected.get(postId) ?? 0) + share);

    const rewards = await listPostRewards(env.DB, campaign.id);
    expect(new Set(rewards.map((reward) => reward.postId)).size).toBe(rewards.length);
    expect(Object.fromEntries(rewards.map((reward) => [reward.postId, reward.poolAmount + reward.bonusAmount]))).toEqual(
      Object.fromEntries(expected),
    );
    for (const [postId, amount] of expected) {
      expect(statuses.get(postId)?.status, postId).toBe(amount > 0 ? "rewarded" : "not-rewarded");
    }

    // Balances are what the posts earned; Cat (never claimed) and Eve (no posts) have none.
    const earnedBy = (userId: string) =>
      claimed.filter((row) => row.user_id === userId).reduce((sum, row) => sum + (expected.get(row.post_id) ?? 0), 0);
    for (const creator of [ann, ben, dan]) {
      const earned = earnedBy(creator.userId);
      const { balances } = await balanceOf(creator.apiToken);
      expect(balances, creator.handle).toEqual(earned > 0 ? [{ currency: "USDC", decimals: 6, available: earned, held: 0, earned }] : []);
    }
    expect(await balanceOf(cat.apiToken)).toEqual({ balances: [] });
    const paid = [...expected.values()].reduce((sum, amount) => sum + amount, 0);
    expect(paid).toBeLessThanOrEqual(2 * WEEKLY_POOL + BONUS_POOL);
    if (claimed.some((row) => row.score > 0)) expect(paid).toBeGreaterThan(0);
    expect((await poolBalances(env.DB, [campaign.id]))[campaign.id]).toEqual({
      currency: "USDC",
      funded: 2 * WEEKLY_POOL + BONUS_POOL,
      remaining: 2 * WEEKLY_POOL + BONUS_POOL - paid,
    });
    const creditedByLedger = await env.DB.prepare(
      `SELECT COALESCE(SUM(amount), 0) AS total FROM ledger_lines WHERE entry_kind = 'reward' AND amount > 0`,
    ).first("total");
    expect(creditedByLedger).toBe(paid);
    await expectBalancedLedger();

    // Each event told each creator once.
    const counts = await notificationCounts(campaign.id);
    for (const userId of everyone) {
      for (const event of ["campaign-started", "campaign-ending", "campaign-ended"])
        expect(counts.get(`${userId} ${event}`), `${userId} ${event}`).toBe(1);
    }
    for (const creator of [ann, ben, cat, dan]) expect(counts.get(`${creator.userId} campaign-maturity`)).toBe(1);
    expect(counts.get(`${eve.id} campaign-maturity`)).toBeUndefined();
    expect(counts.get(`${ann.userId} posts-eligible`)).toBe(2);
    expect(counts.get(`${dan.userId} posts-eligible`)).toBe(1);
    for (const creator of [ann, ben, cat, dan]) expect(counts.get(`${creator.userId} campaign-eligible`)).toBe(1);
    expect(counts.get(`${cat.userId} campaign-not-eligible`)).toBeUndefined();
    for (const creator of [ann, ben, dan]) {
      expect(counts.get(`${creator.userId} posts-rewarded`)).toBe(earnedBy(creator.userId) > 0 ? 1 : undefined);
    }

    // Nothing more happens: later runs, a stale evaluation, a late claim.
    const ledgerBefore = await env.DB.prepare(
      `SELECT COUNT(*) AS entries, (SELECT COUNT(*) FROM notifications) AS notifications FROM ledger_entries`,
    ).first();
    await tick(t0 + 16 * DAY + 2 * 60_000);
    if (beforeEvaluation === null) throw new Error("campaign vanished");
    await evaluateCampaign({ db: env.DB, clock }, beforeEvaluation);
    expect(
      await env.DB.prepare(`SELECT COUNT(*) AS entries, (SELECT COUNT(*) FROM notifications) AS notifications FROM ledger_entries`).first(),
    ).toEqual(ledgerBefore);
    expect((await listPostRewards(env.DB, campaign.id)).length).toBe(rewards.length);
    const lateClaim = await confirmPayout(campaign.id, cat.apiToken);
    expect(lateClaim.status).toBe(409);
    expect(await lateClaim.json()).toMatchObject({ code: "nothing_to_claim" });
  });
});
