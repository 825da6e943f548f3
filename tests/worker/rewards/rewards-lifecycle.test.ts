import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { fixedClock } from "../../support/clock.ts";
import { defaultCampaignRules } from "../../../worker/contracts/campaign-rules.ts";
import type { PostStatus } from "../../../worker/contracts/vocabulary.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { buildCampaign, buildPost, buildUser, publishedPostsStatements } from "../../../fixtures/factories.ts";
import { findRewardCampaign } from "../../../worker/db/reward-campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { accountBalances, poolBalances } from "../../support/ledger.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { WEEK } from "../../../worker/contracts/campaign-weeks.ts";
import { evaluateCampaign } from "../../../worker/domain/rewards/evaluation.ts";
import { runScheduledWork, type SchedulerReport } from "../../../worker/jobs/scheduler.ts";
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
} from "../support/rewards.ts";

/**
 * The whole journey on real D1 and the real X emulator (over HTTP), with the app's clock moved by the test: a
 * two-week campaign is funded, starts, collects posts from four creators, polls their metrics from X, matures
 * them, closes its weeks, ends and is evaluated. One post is deleted on X, one creator never claims, and every
 * scheduler tick runs twice at the same moment. The emulator's reach grows with real time and differs per post, so
 * what X returns cannot be known in advance: once a post has matured (its score fixed, no poll left), the test
 * sets that score to a round number, as if X had answered it, and the payouts are worked out by hand from those
 * scores and written out below.
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
      targetScore: 3_000,
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
    await env.DB.batch(everyone.flatMap((userId) => joinCampaignStatements(env.DB, campaign.id, userId, t0 - 30 * 60_000)));

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
        const tweet = await x.createPost(await item.creator.xToken(), {
          text: `#ad ${item.text} (${item.creator.handle})`,
          paidPartnership: true,
        });
        const post = buildPost(`lifecycle-${item.key}`, campaign, { id: item.creator.userId }, "evaluating", item.at, {
          networkPostId: tweet.id,
          content: `#ad ${item.text} (${item.creator.handle})`,
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
    const idOf = (key: string) => postOf(key).post.id;
    const insertPosts = (keys: string[]) =>
      env.DB.batch(
        publishedPostsStatements(
          env.DB,
          keys.map((key) => postOf(key).post),
          clock.now(),
        ),
      );
    /** Sets the score of posts that have matured (and will not be polled again), as if X had answered with it. */
    const pinMaturedScores = async (scores: Record<string, number>) => {
      const updates = await env.DB.batch(
        Object.entries(scores).map(([key, score]) =>
          env.DB.prepare(
            `UPDATE post_metrics SET score = ? WHERE post_id = ? AND matured_at IS NOT NULL AND next_poll_at IS NULL RETURNING post_id`,
          ).bind(score, idOf(key)),
        ),
      );
      // The rows updated, not `meta.changes`: that also counts the campaign's pacing row the score keeps (migration 0024).
      expect(
        updates.map((update) => update.results.length),
        "every pinned post has matured",
      ).toEqual(Object.keys(scores).map(() => 1));
    };

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
    // X has answered, so the health is known (which one depends on the reach X gave so far).
    expect(["good", "moderate", "unhealthy"]).toContain((await findRewardCampaign(env.DB, campaign.id))?.health);

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
    // The matured scores the rest of the test works with: Ben's b1 tops week one, Cat's c1 is second.
    await pinMaturedScores({ a1: 200, b1: 700, c1: 400, d1: 50, d2: 100, d3: 50 });

    // Ann and Dan confirm payout; Cat never will; Eve has nothing to claim.
    const annClaim = await confirmPayout(campaign.id, ann.apiToken);
    expect(annClaim.status).toBe(200);
    expect(await annClaim.json()).toEqual({ campaignId: campaign.id, claimed: 1, postIds: [idOf("a1")] });
    const danClaim = await confirmPayout(campaign.id, dan.apiToken);
    expect(danClaim.status).toBe(200);
    expect(await danClaim.json()).toEqual({ campaignId: campaign.id, claimed: 1, postIds: [idOf("d2")] });
    expect((await confirmPayout(campaign.id, await apiTokenFor(eve.id))).status).toBe(409);

    // Week one closes: its top 10 % (one of four eligible posts, rounded up) is a bonus post: b1, with 700.
    await tick(t0 + WEEK + 60_000);
    const weekOne = await env.DB.prepare(`SELECT bonus_posts FROM campaign_weeks WHERE campaign_id = ? AND week = 1`)
      .bind(campaign.id)
      .first("bonus_posts");
    expect(weekOne).toBe(1);
    statuses = await postStatuses(campaign.id);
    expect(["a1", "b1", "c1", "d2"].map(statusOf)).toEqual(["claimed", "eligible-bonus", "eligible", "claimed"]);

    // Week two: Ann's post is claimed as it matures (she confirmed); Ben deletes his on X before it matures.
    await insertPosts(["a2", "b2"]);
    await tick(t0 + 8 * DAY + HOUR);
    await tick(t0 + 9 * DAY);
    await x.deletePost(await ben.xToken(), postOf("b2").post.networkPostId ?? "");
    await tick(t0 + 9 * DAY + 12 * HOUR);
    statuses = await postStatuses(campaign.id);
    expect(statusOf("b2")).toBe("deleted");
    expect(reasonsOf("b2").map((reason) => reason.code)).toEqual(["deleted-on-x"]);
    await tick(t0 + 10 * DAY + 2 * HOUR);
    statuses = await postStatuses(campaign.id);
    expect(statusOf("a2")).toBe("claimed");
    await pinMaturedScores({ a2: 500 });

    // Ben claims late: his bonus post b1 (b2 is gone).
    const benClaim = await confirmPayout(campaign.id, ben.apiToken);
    expect(benClaim.status).toBe(200);
    expect(await benClaim.json()).toEqual({ campaignId: campaign.id, claimed: 1, postIds: [idOf("b1")] });

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
    // Frozen at evaluation: the scores of the posts not deleted, 200 + 700 + 400 + 50 + 100 + 50 + 500 = 2,000,
    // against the whole target, 3,000 (the campaign is over): 66.7 %, at least 50 % and under 80 %.
    expect(evaluated?.health).toBe("moderate");
    expect(reports.filter((report) => report.campaigns.evaluation.evaluated.includes(campaign.id))).toHaveLength(1);

    statuses = await postStatuses(campaign.id);
    expect(Object.fromEntries(plan.map(({ key }) => [key, statusOf(key)]))).toEqual({
      a1: "rewarded",
      b1: "rewarded",
      c1: "expired",
      d1: "not-eligible",
      d2: "rewarded",
      d3: "not-eligible",
      a2: "rewarded",
      b2: "deleted",
    });
    const bonusMarks = await env.DB.prepare(`SELECT post_id FROM post_metrics WHERE bonus = 1 ORDER BY post_id`).all<{ post_id: string }>();
    expect(bonusMarks.results.map((row) => row.post_id)).toEqual([idOf("a2"), idOf("b1")]);

    // The payouts, worked out by hand from the pinned scores (docs/decisions/008-ledger-and-rewards.md, "The split";
    // worker/domain/rewards/split.ts). The cap is 50 % of a weekly pool: 50,000,000.
    // Week 1 pool, 100,000,000, among the claimed posts b1 (Ben, 700), a1 (Ann, 200) and d2 (Dan, 100): 1,000 in all.
    //   Largest score first: Ben's share would be 70,000,000, over the cap, so Ben gets the cap, 50,000,000. Ann's
    //   share of the 50,000,000 left is 200/300 of it, under the cap, so Ann and Dan share it by score:
    //   Ann 50,000,000 × 200/300 = 33,333,333.33…, Dan 50,000,000 × 100/300 = 16,666,666.66…. Rounded down they
    //   leave 1 unit, which goes to the larger fraction, Dan's: Ann 33,333,333, Dan 16,666,667. All 100,000,000 paid.
    // Week 2 pool, 100,000,000, to a2 (Ann, 500) alone (b2 was deleted): her share is the whole pool, over the cap,
    //   so she gets 50,000,000 and nobody is left to share the rest: 50,000,000 stays in the week-2 pool.
    // Bonus pool, 40,000,000, among the claimed bonus posts, without a cap: b1 (Ben, 700) and a2 (Ann, 500, the only
    //   eligible post of week 2): Ben 40,000,000 × 700/1,200 = 23,333,333.33…, Ann 40,000,000 × 500/1,200 =
    //   16,666,666.66…; the unit left goes to Ann's larger fraction: Ben 23,333,333, Ann 16,666,667. (A 50 % cap
    //   would have held Ben to 20,000,000.)
    // c1 (Cat, 400) was eligible but never claimed and expired unpaid; d1 and d3 were not eligible.
    expect(await listPostRewards(env.DB, campaign.id)).toEqual([
      { postId: idOf("a1"), userId: ann.userId, currency: "USDC", poolAmount: 33_333_333, bonusAmount: 0 },
      { postId: idOf("a2"), userId: ann.userId, currency: "USDC", poolAmount: 50_000_000, bonusAmount: 16_666_667 },
      { postId: idOf("b1"), userId: ben.userId, currency: "USDC", poolAmount: 50_000_000, bonusAmount: 23_333_333 },
      { postId: idOf("d2"), userId: dan.userId, currency: "USDC", poolAmount: 16_666_667, bonusAmount: 0 },
    ]);

    // Per creator: Ann 33,333,333 + 50,000,000 + 16,666,667 = 100,000,000; Ben 50,000,000 + 23,333,333 = 73,333,333;
    // Dan 16,666,667. Cat (never claimed) and Eve (no posts) have nothing.
    const usdc = (amount: number) => [{ currency: "USDC", decimals: 6, available: amount, held: 0, earned: amount, pending: 0 }];
    expect((await balanceOf(ann.apiToken)).balances).toEqual(usdc(100_000_000));
    expect((await balanceOf(ben.apiToken)).balances).toEqual(usdc(73_333_333));
    expect((await balanceOf(dan.apiToken)).balances).toEqual(usdc(16_666_667));
    expect(await balanceOf(cat.apiToken)).toEqual({ balances: [] });
    expect(await balanceOf(await apiTokenFor(eve.id))).toEqual({ balances: [] });

    // One reward entry per pool, each paying what its split handed out: 100,000,000 + 50,000,000 + 40,000,000 =
    // 190,000,000 of the 240,000,000 funded. What remains is the week-2 pool's 50,000,000.
    const rewardEntries = await env.DB.prepare(
      `SELECT entry.idempotency_key AS key, SUM(CASE WHEN line.amount > 0 THEN line.amount ELSE 0 END) AS paid
       FROM ledger_entries AS entry JOIN ledger_lines AS line ON line.entry_id = entry.id
       WHERE entry.kind = 'reward' GROUP BY entry.id ORDER BY entry.idempotency_key`,
    ).all<{ key: string; paid: number }>();
    expect(rewardEntries.results).toEqual([
      { key: `reward:${campaign.id}:bonus:part:1`, paid: 40_000_000 },
      { key: `reward:${campaign.id}:week:1:part:1`, paid: 100_000_000 },
      { key: `reward:${campaign.id}:week:2:part:1`, paid: 50_000_000 },
    ]);
    expect(
      await accountBalances(env.DB, [
        `campaign-pool:${campaign.id}:w1:USDC`,
        `campaign-pool:${campaign.id}:w2:USDC`,
        `campaign-bonus-pool:${campaign.id}:USDC`,
      ]),
    ).toEqual({
      [`campaign-pool:${campaign.id}:w1:USDC`]: 0,
      [`campaign-pool:${campaign.id}:w2:USDC`]: 50_000_000,
      [`campaign-bonus-pool:${campaign.id}:USDC`]: 0,
    });
    expect((await poolBalances(env.DB, [campaign.id]))[campaign.id]).toEqual({
      currency: "USDC",
      funded: 240_000_000,
      remaining: 50_000_000,
    });
    await expectBalancedLedger();

    // Each event told each creator once.
    const counts = await notificationCounts(campaign.id);
    for (const userId of everyone) {
      for (const event of ["campaign-started", "campaign-ending", "campaign-ended"])
        expect(counts.get(`${userId} ${event}`), `${userId} ${event}`).toBe(1);
    }
    for (const creator of [ann, ben, cat, dan]) expect(counts.get(`${creator.userId} campaign-maturity`)).toBe(1);
    expect(counts.get(`${eve.id} campaign-maturity`)).toBeUndefined();
    expect([ann, ben, cat, dan].map((creator) => counts.get(`${creator.userId} posts-eligible`))).toEqual([2, 1, 1, 1]);
    for (const creator of [ann, ben, cat, dan]) expect(counts.get(`${creator.userId} campaign-eligible`)).toBe(1);
    expect(counts.get(`${cat.userId} campaign-not-eligible`)).toBeUndefined();
    for (const creator of [ann, ben, dan]) expect(counts.get(`${creator.userId} posts-rewarded`), creator.handle).toBe(1);
    expect(counts.get(`${cat.userId} posts-rewarded`)).toBeUndefined();

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
    expect(await listPostRewards(env.DB, campaign.id)).toHaveLength(4);
    const lateClaim = await confirmPayout(campaign.id, cat.apiToken);
    expect(lateClaim.status).toBe(409);
    expect(await lateClaim.json()).toMatchObject({ code: "nothing_to_claim" });
  });
});
