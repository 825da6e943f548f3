import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { reviewDecisionResultSchema, reviewQueueSchema } from "../../../worker/contracts/risk-review.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { findRewardCampaign } from "../../../worker/db/reward-campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { evaluateCampaign } from "../../../worker/domain/rewards/evaluation.ts";
import { closeDueWeeks } from "../../../worker/domain/rewards/weeks.ts";
import { schedulerDepsFromEnv } from "../../../worker/jobs/scheduled-handler.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { buildCampaign, buildPost, buildUser, polledPostsStatements, type PolledPost } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import { accountBalances } from "../../support/ledger.ts";
import { reviewDecisionNotificationsOf } from "../support/commissions.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { balanceOf, campaignDue, expectBalancedLedger, insertAdvertiser } from "../support/rewards.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * Pool-rewarded posts in review (issue 28 items 4 and 5, docs/decisions/047-risk-and-review.md): at evaluation each
 * post the split would pay is scored; one at or above the campaign's threshold keeps its share in the campaign's hold
 * account and waits, claimed, for the advertiser; approval pays it, rejection gives the share back to the week's pool
 * and tells the creator why; a held post nobody decided stays held, waiting for a person as a held commission does.
 * The evaluation and the scheduler take the test's clock; the console's requests run on the real one.
 */

const USDC = 1_000_000;
let counter = 0;

type World = {
  now: number;
  advertiserId: string;
  memberId: string;
  memberBearer: string;
  campaignId: string;
  honest: { userId: string; postId: string };
  risky: { userId: string; postId: string };
  copies: { userId: string; postId: string }[];
};

/**
 * One evaluated week with a pool of 100 USDC split by score (no cap): an honest post (score 40), a risky one (30) and
 * three posts by others with the risky one's text (10 each). The risky post scores 85 by hand: more likes and reposts
 * (150) than impressions (100) is 35, the same text as 3 other creators 30, an account made 36 hours before 20.
 */
async function evaluatedWorld(): Promise<World> {
  counter += 1;
  const key = `pool-review-${counter}`;
  // Each world is 10 days before the last, so a later test's window never reaches an earlier test's held post.
  const now = Date.UTC(2026, 10, 20, 12, 0, 0) - counter * 10 * DAY;
  const clock = fixedClock(now);
  const advertiser = await insertAdvertiser(key);
  const member = buildUser(`pr_member_${counter}`, now - 90 * DAY);
  const honest = buildUser(`pr_honest_${counter}`, now - 90 * DAY);
  const risky = buildUser(`pr_risky_${counter}`, now - 36 * HOUR);
  const copies = [1, 2, 3].map((index) => buildUser(`pr_copy${index}_${counter}`, now - 90 * DAY));
  const campaign = buildCampaign(key, advertiser, "evaluating", now, {
    startsAt: now - 10 * DAY,
    endsAt: now - 3 * DAY,
    weeklyPool: 100 * USDC,
    bonusPool: 0,
    creatorCapBps: 10_000,
  });
  await env.DB.batch([
    ...[member, honest, risky, ...copies].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    insertCampaignStatement(env.DB, campaign),
  ]);
  await depositAdvertiserFunds(env.DB, clock, { advertiserId: advertiser.id, currency: "USDC", amount: 100 * USDC, idempotencyKey: key });
  expect(await fundCampaign(env.DB, clock, campaign.id)).toEqual({ funded: true, amount: 100 * USDC });

  const polled = (
    name: string,
    userId: string,
    content: string,
    score: number,
    metrics: { impressions: number; likes: number; reposts: number },
  ) => {
    const postedAt = campaign.startsAt + HOUR;
    const post = buildPost(`${key}-${name}`, campaign, { id: userId }, "claimed", postedAt, { postedAt, campaignWeek: 1, content });
    const item: PolledPost = {
      post,
      metrics: { ...metrics, replies: 0, quotes: 0, bookmarks: 0 },
      score,
      polledAt: postedAt + 48 * HOUR,
      maturedAt: postedAt + 48 * HOUR,
    };
    return item;
  };
  const copiedText = "Best gadget ever #ad";
  const posts = [
    polled("honest", honest.id, "My own words about the gadget #ad", 40, { impressions: 8_000, likes: 300, reposts: 40 }),
    polled("risky", risky.id, copiedText, 30, { impressions: 100, likes: 120, reposts: 30 }),
    // The text is compared trimmed and lower-cased.
    ...copies.map((copy, index) =>
      polled(`copy${index + 1}`, copy.id, index === 0 ? `  best GADGET ever #AD ` : copiedText, 10, {
        impressions: 5_000,
        likes: 100,
        reposts: 20,
      }),
    ),
  ];
  await env.DB.batch([
    ...[honest, risky, ...copies].flatMap((user) => joinCampaignStatements(env.DB, campaign.id, user.id, campaign.startsAt - HOUR)),
    ...polledPostsStatements(env.DB, posts, now),
  ]);
  await closeDueWeeks({ db: env.DB, clock }, await campaignDue(campaign.id));
  const stored = await findRewardCampaign(env.DB, campaign.id);
  if (stored === null) throw new Error("campaign missing");
  expect(await evaluateCampaign({ db: env.DB, clock }, stored)).toBe("evaluated");
  const postIdOf = (index: number) => posts[index]?.post.id ?? "";
  return {
    now,
    advertiserId: advertiser.id,
    memberId: member.id,
    memberBearer: await bearerFor(member.id),
    campaignId: campaign.id,
    honest: { userId: honest.id, postId: postIdOf(0) },
    risky: { userId: risky.id, postId: postIdOf(1) },
    copies: copies.map((copy, index) => ({ userId: copy.id, postId: postIdOf(index + 2) })),
  };
}

async function postOf(postId: string) {
  const row = await env.DB.prepare(`SELECT status, status_reasons FROM posts WHERE id = ?`)
    .bind(postId)
    .first<{ status: string; status_reasons: string }>();
  return { status: row?.status, reasons: JSON.parse(row?.status_reasons ?? "null") as unknown };
}

async function queueOf(w: World) {
  const response = await fetchWorker(`/v1/advertiser/${w.advertiserId}/reviews`, { headers: { Authorization: w.memberBearer } });
  expect(response.status).toBe(200);
  return reviewQueueSchema.parse(await response.json());
}

async function decide(w: World, body: Record<string, unknown>) {
  const response = await fetchWorker(`/v1/advertiser/${w.advertiserId}/reviews/decisions`, {
    method: "POST",
    headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  expect(response.status).toBe(200);
  return reviewDecisionResultSchema.parse(await response.json());
}

const availableOf = async (userId: string) =>
  (await balanceOf((await bearerFor(userId)).replace("Bearer ", ""))).balances.find((balance) => balance.currency === "USDC")?.available ??
  0;

const holdOf = (w: World) => `campaign-reward-hold:${w.campaignId}:USDC`;
const weekPoolOf = (w: World) => `campaign-pool:${w.campaignId}:w1:USDC`;

const heldReasons = [
  {
    code: "held-for-review",
    message: "Held for the advertiser's review: the reward is paid once approved, or when the review window ends undecided.",
  },
  { code: "risk-engagement-above-views", message: "The post has more likes and reposts (150) than impressions (100)." },
  { code: "risk-copied-text", message: "3 other creators posted the same text." },
  { code: "risk-new-account", message: "The creator's account was created 1 day before." },
];

describe("pool-rewarded posts in review", () => {
  it("holds a post at or above the threshold: its share waits in the hold account, it stays claimed with why, the rest are paid", async () => {
    const w = await evaluatedWorld();
    expect(await postOf(w.risky.postId)).toEqual({ status: "claimed", reasons: heldReasons });
    expect((await postOf(w.honest.postId)).status).toBe("rewarded");
    for (const copy of w.copies) expect((await postOf(copy.postId)).status).toBe("rewarded");

    // 40 + 10 × 3 paid now; the risky post's 30 USDC held; nothing left in the week's pool.
    expect(await availableOf(w.honest.userId)).toBe(40 * USDC);
    for (const copy of w.copies) expect(await availableOf(copy.userId)).toBe(10 * USDC);
    expect(await availableOf(w.risky.userId)).toBe(0);
    expect(await accountBalances(env.DB, [holdOf(w), weekPoolOf(w)])).toEqual({ [holdOf(w)]: 30 * USDC, [weekPoolOf(w)]: 0 });

    const { held } = await queueOf(w);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({
      itemId: w.risky.postId,
      kind: "post",
      eventId: null,
      eventType: null,
      amount: 30 * USDC,
      currency: "USDC",
      score: 85,
      status: "held",
      creatorId: w.risky.userId,
    });
    expect(held[0]?.reasons).toEqual([
      { signal: "engagement-above-views", points: 35, text: "The post has more likes and reposts (150) than impressions (100)." },
      { signal: "copied-text", points: 30, text: "3 other creators posted the same text." },
      { signal: "new-account", points: 20, text: "The creator's account was created 1 day before." },
    ]);
    expect(held[0]?.evidence).toMatchObject({
      week: 1,
      impressions: 100,
      likes: 120,
      reposts: 30,
      sameTextOtherCreators: 3,
      poolAmount: 30 * USDC,
      bonusAmount: 0,
      threshold: 70,
    });
    await expectBalancedLedger();

    const page = await fetchPage(`/advertiser/${w.advertiserId}/reviews`, await sessionCookieFor(w.memberId));
    const html = await page.text();
    expect(html).toContain("pool reward");
    expect(html).toContain(`Select ${w.risky.postId}`);
    expect(html).toContain("3 other creators posted the same text. (+30)");
  });

  it("approval pays the held share to the creator, once, and is audited", async () => {
    const w = await evaluatedWorld();
    expect(await decide(w, { decision: "approve", itemIds: [w.risky.postId] })).toEqual({ decided: [w.risky.postId], skipped: [] });
    expect(await postOf(w.risky.postId)).toEqual({ status: "rewarded", reasons: [] });
    expect(await availableOf(w.risky.userId)).toBe(30 * USDC);
    expect(await accountBalances(env.DB, [holdOf(w), weekPoolOf(w)])).toEqual({ [holdOf(w)]: 0, [weekPoolOf(w)]: 0 });

    expect(await decide(w, { decision: "approve", itemIds: [w.risky.postId] })).toEqual({
      decided: [],
      skipped: [{ itemId: w.risky.postId, reason: "not held: already approved" }],
    });
    expect(await availableOf(w.risky.userId)).toBe(30 * USDC);
    // The creator is told once, the repeat notwithstanding.
    expect(await reviewDecisionNotificationsOf(await bearerFor(w.risky.userId))).toEqual([
      {
        eventType: "review-approved",
        title: `Your held post in Campaign pool-review-${counter} was approved`,
        body: "Its reward of 30 USDC is in your available balance.",
        link: `/campaign/${w.campaignId}`,
        campaignId: w.campaignId,
        isRead: false,
      },
    ]);
    const audit = await env.DB.prepare(`SELECT action, actor_user_id, subject_user_id, detail FROM audit_log WHERE subject_user_id = ?`)
      .bind(w.risky.userId)
      .all<{ action: string; actor_user_id: string; subject_user_id: string; detail: string }>();
    expect(audit.results.map((row) => [row.action, row.actor_user_id, JSON.parse(row.detail).kind, JSON.parse(row.detail).score])).toEqual([
      ["risk-review.approve", w.memberId, "post", 85],
    ]);
    expect((await queueOf(w)).history[0]).toMatchObject({ itemId: w.risky.postId, kind: "post", status: "approved" });
    await expectBalancedLedger();
  });

  it("rejection gives the share back to the week's pool, and the creator reads the advertiser's reason on the post", async () => {
    const w = await evaluatedWorld();
    expect(await decide(w, { decision: "reject", itemIds: [w.risky.postId], reason: "Bought engagement" })).toEqual({
      decided: [w.risky.postId],
      skipped: [],
    });
    expect(await postOf(w.risky.postId)).toEqual({
      status: "not-rewarded",
      reasons: [{ code: "rejected-in-review", message: "Rejected by the advertiser: Bought engagement" }],
    });
    expect(await availableOf(w.risky.userId)).toBe(0);
    expect(await accountBalances(env.DB, [holdOf(w), weekPoolOf(w)])).toEqual({ [holdOf(w)]: 0, [weekPoolOf(w)]: 30 * USDC });

    const audit = await env.DB.prepare(`SELECT action, detail FROM audit_log WHERE subject_user_id = ?`)
      .bind(w.risky.userId)
      .all<{ action: string; detail: string }>();
    expect(audit.results.map((row) => [row.action, JSON.parse(row.detail).reason])).toEqual([["risk-review.reject", "Bought engagement"]]);
    expect(await reviewDecisionNotificationsOf(await bearerFor(w.risky.userId))).toEqual([
      {
        eventType: "review-rejected",
        title: `Your held post in Campaign pool-review-${counter} was rejected`,
        body: "It is not rewarded. The advertiser's reason: Bought engagement",
        link: `/campaign/${w.campaignId}`,
        campaignId: w.campaignId,
        isRead: false,
      },
    ]);

    const page = await fetchPage(`/campaign/${w.campaignId}`, await sessionCookieFor(w.risky.userId));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Rejected by the advertiser: Bought engagement");
    await expectBalancedLedger();
  });

  it("keeps a held post nobody decided held past the review window: like a held commission, it waits for a person", async () => {
    const w = await evaluatedWorld();
    const report = await runScheduledWork(schedulerDepsFromEnv(env, fixedClock(w.now + 72 * HOUR)));
    expect(report.failedSteps).not.toContain("review approval");
    expect((await postOf(w.risky.postId)).status).toBe("claimed");
    expect(await availableOf(w.risky.userId)).toBe(0);
    expect(await accountBalances(env.DB, [holdOf(w)])).toEqual({ [holdOf(w)]: 30 * USDC });
    const review = await env.DB.prepare(`SELECT status, decided_at, decided_by FROM risk_reviews WHERE item_id = ?`)
      .bind(w.risky.postId)
      .first();
    expect(review).toEqual({ status: "held", decided_at: null, decided_by: null });
    await expectBalancedLedger();
  });
});
