import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { incurredApiCost } from "../../../worker/contracts/networks/api-costs.ts";
import { xPublishedRates } from "../../../worker/contracts/networks/x/api-costs.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { storeConversionBatch, type EventToStore } from "../../../worker/db/conversions.ts";
import { leaderboardQuery } from "../../../worker/db/leaderboards.ts";
import { recordMaturedStatement, recordPolledMetricsStatement } from "../../../worker/db/post-metrics.ts";
import { changePostStatusesStatement } from "../../../worker/db/post-status-changes.ts";
import { insertPostStatement, markPostPublished } from "../../../worker/db/posts.ts";
import { runBatch, runQuery } from "../../../worker/db/query.ts";
import { reportApiUsageQuery } from "../../../worker/db/reports.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { getUserSettings, updateBasicSettings } from "../../../worker/domain/accounts/settings.ts";
import { leaderboardQueries, leaderboardsFrom, type LeaderboardViewer } from "../../../worker/domain/leaderboards/leaderboards.ts";
import { trackingFrom } from "../../../worker/domain/rewards/poll-schedule.ts";
import { fixedClock } from "../../support/clock.ts";
import { StatementRecorder } from "../plans/statement-recorder.ts";

/*
 * Leaderboards (migration 0060, docs/decisions/046-leaderboards.md) and the X API usage behind a campaign report's cost
 * (migration 0061): written through the app's own writers (reservations published, polled, matured, one found
 * ineligible; conversions credited by click), the standings hold the figures written out below, the boards rank them,
 * hide the names of creators who asked (except from themselves and the console), and are read by an index.
 */

const start = Date.UTC(2026, 10, 2);
const now = start + 3 * DAY;
const advertiser = buildAdvertiser("board-ads", now);
const [ada, bob, cyd, dee] = ["board_ada", "board_bob", "board_cyd", "board_dee"].map((handle) => buildUser(handle, now));
if (ada === undefined || bob === undefined || cyd === undefined || dee === undefined) throw new Error("four creators");
// Two weeks: [start, start + 7 days) and [start + 7 days, start + 12 days).
const campaign = buildCampaign("board-main", advertiser, "active", now, {
  startsAt: start,
  endsAt: start + 12 * DAY,
  networks: ["x", "bluesky"],
});

const week1 = start + DAY;
const week2 = start + 8 * DAY;
const posts = [
  buildPost("board-ada-1", campaign, ada, "evaluating", now, { networkPostId: null, postedAt: week1 }),
  // Bob posts on Bluesky: the boards say so, and X bills nothing for it.
  buildPost("board-bob-1", campaign, bob, "evaluating", now, { networkPostId: null, postedAt: week1, network: "bluesky" }),
  buildPost("board-cyd-1", campaign, cyd, "evaluating", now, { networkPostId: null, postedAt: week1 }),
  buildPost("board-dee-1", campaign, dee, "evaluating", now, { networkPostId: null, postedAt: week1 }),
  buildPost("board-ada-2", campaign, ada, "evaluating", now, {
    networkPostId: null,
    postedAt: week2,
    campaignWeek: 2,
    content: "#ad Look at https://example.com/launch",
  }),
];

function metrics(postId: string, score: number, polls: number) {
  return {
    postId,
    impressions: 100,
    likes: 1,
    reposts: 0,
    replies: 0,
    quotes: 0,
    bookmarks: 0,
    readText: "#ad read back",
    paidPartnership: true,
    score,
    polls,
    nextPollAt: null,
  };
}

function clickEvent(eventId: string, creatorId: string, occurredAt: number): EventToStore {
  const address = `0x${"ab".repeat(20)}`;
  return {
    eventId,
    type: "purchase",
    walletAddress: address,
    addressKey: address,
    chain: "evm",
    value: null,
    currency: null,
    occurredAt,
    metadata: null,
    clickId: `clk_${eventId}`,
    customerId: null,
    orderId: null,
    reversesEventId: null,
    campaignId: campaign.id,
    creatorId,
    via: "click",
  };
}

async function standings(): Promise<unknown[]> {
  return (
    await env.DB.prepare(
      `SELECT week, user_id, score, posts, conversions FROM campaign_week_standings WHERE campaign_id = ? ORDER BY week, user_id`,
    )
      .bind(campaign.id)
      .all()
  ).results;
}

async function boards(week: number | null, viewer: LeaderboardViewer) {
  const [byScore, byConversions] = await runBatch(env.DB, leaderboardQueries(env.DB, campaign.id, week, now));
  return leaderboardsFrom(campaign, week, now, [byScore, byConversions], viewer);
}

const named = (user: typeof ada) => ({ handle: user.handle, name: user.name, avatarUrl: null });

describe("leaderboards", () => {
  it("are kept as posts, metrics and conversions are written, rank by score and by conversions, and hide names", async () => {
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...[ada, bob, cyd, dee].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
      insertCampaignStatement(env.DB, campaign),
      ...posts.map((post) => insertPostStatement(env.DB, post)),
    ]);
    // Reservations without their X id are on no board, and X has billed nothing yet.
    expect(await standings()).toEqual([]);
    expect(await runQuery(reportApiUsageQuery(env.DB, advertiser.id, campaign.id))).toEqual({
      postsCreated: 0,
      postsWithUrl: 0,
      postReads: 0,
    });

    for (const [index, post] of posts.entries()) {
      const networkPostId = `190000000000000020${index}`;
      expect(await markPostPublished(env.DB, post.id, { networkPostId, postedAt: post.postedAt }, trackingFrom(now))).toBe(true);
    }
    // Two polls of every week-1 post (the second replaces the first's score), then maturity for Ada's and Bob's.
    const [adaPost, bobPost, cydPost, deePost, adaLater] = posts.map((post) => post.id) as [string, string, string, string, string];
    await recordPolledMetricsStatement(
      env.DB,
      [metrics(adaPost, 20, 1), metrics(bobPost, 30, 1), metrics(cydPost, 90, 1), metrics(deePost, 10, 1)],
      now,
    ).run();
    await recordPolledMetricsStatement(
      env.DB,
      [metrics(adaPost, 40, 2), metrics(bobPost, 50, 2), metrics(cydPost, 95, 2), metrics(deePost, 30, 2), metrics(adaLater, 5, 1)],
      now + HOUR,
    ).run();
    await recordMaturedStatement(
      env.DB,
      [
        { postId: adaPost, score: 60 },
        { postId: bobPost, score: 60 },
      ],
      now + 2 * HOUR,
    ).run();
    // Cyd's post breaks a rule: off the board. Ada's is eligible: a status step between counted statuses changes nothing.
    await changePostStatusesStatement(env.DB, {
      changes: [
        { postId: cydPost, status: "not-eligible" },
        { postId: adaPost, status: "eligible" },
      ],
      from: ["evaluating"],
      now,
    }).run();

    // Conversions credited by click: two for Bob and one for Dee in week 1, one for Ada in week 2, and one after the
    // campaign's end, which counts for its last week.
    await storeConversionBatch(
      env.DB,
      advertiser.id,
      [
        clickEvent("board-c1", bob.id, week1 + HOUR),
        clickEvent("board-c2", bob.id, week1 + 2 * HOUR),
        clickEvent("board-c3", dee.id, week1 + 3 * HOUR),
        clickEvent("board-c4", ada.id, week2 + HOUR),
        clickEvent("board-c5", ada.id, start + 20 * DAY),
      ],
      now,
    );

    expect(await standings()).toEqual([
      { week: 1, user_id: ada.id, score: 60, posts: 1, conversions: 0 },
      { week: 1, user_id: bob.id, score: 60, posts: 1, conversions: 2 },
      { week: 1, user_id: cyd.id, score: 0, posts: 0, conversions: 0 },
      { week: 1, user_id: dee.id, score: 30, posts: 1, conversions: 1 },
      { week: 2, user_id: ada.id, score: 5, posts: 1, conversions: 2 },
    ]);

    // X's bill: the four posts on X (one with a link) and 3 × 2 + 1 reads, at the 2026-04-20 rates.
    const usage = await runQuery(reportApiUsageQuery(env.DB, advertiser.id, campaign.id));
    expect(usage).toEqual({ postsCreated: 4, postsWithUrl: 1, postReads: 7 });
    expect(await runQuery(reportApiUsageQuery(env.DB, "another-account", campaign.id))).toBeNull();
    expect(incurredApiCost({ network: "x", rates: xPublishedRates }, usage ?? { postsCreated: 0, postsWithUrl: 0, postReads: 0 })).toEqual({
      network: "x",
      ratesAsOf: "2026-04-20",
      postsWithoutUrl: 3,
      postsWithUrl: 1,
      postReads: 7,
      postsWithoutUrlMicros: 45_000,
      postsWithUrlMicros: 200_000,
      postReadsMicros: 35_000,
      totalMicros: 280_000,
    });

    // Dee hides her name from public boards, through the settings.
    const clock = fixedClock(now);
    expect((await getUserSettings({ db: env.DB, clock }, dee.id)).hiddenFromLeaderboards).toBe(false);
    const saved = await updateBasicSettings({ db: env.DB, clock }, dee.id, {
      displayName: dee.name,
      preferredAdvertiserId: null,
      mailedNotificationKinds: [],
      hiddenFromLeaderboards: true,
    });
    expect(saved.hiddenFromLeaderboards).toBe(true);
    // A save without the choice keeps it.
    const kept = await updateBasicSettings({ db: env.DB, clock }, dee.id, {
      displayName: dee.name,
      preferredAdvertiserId: null,
      mailedNotificationKinds: [],
    });
    expect(kept.hiddenFromLeaderboards).toBe(true);

    const onX = [{ name: "X", posts: 1 }];
    const onBluesky = [{ name: "Bluesky", posts: 1 }];
    const row = (
      user: typeof ada,
      rank: number,
      figures: { score: number; posts: number; postsByNetwork: { name: string; posts: number }[]; conversions: number },
    ) => ({ rank, creator: named(user), you: false, hiddenFromPublic: false, ...figures });
    // As Ada sees week 1 (the running week, by default): equal scores share a rank; Dee is "A creator".
    expect(await boards(null, { kind: "public", userId: ada.id })).toEqual({
      week: 1,
      weekCount: 2,
      byScore: [
        { ...row(ada, 1, { score: 60, posts: 1, postsByNetwork: onX, conversions: 0 }), you: true },
        row(bob, 1, { score: 60, posts: 1, postsByNetwork: onBluesky, conversions: 2 }),
        { rank: 3, creator: null, you: false, hiddenFromPublic: true, score: 30, posts: 1, postsByNetwork: onX, conversions: 1 },
      ],
      byConversions: [
        row(bob, 1, { score: 60, posts: 1, postsByNetwork: onBluesky, conversions: 2 }),
        { rank: 2, creator: null, you: false, hiddenFromPublic: true, score: 30, posts: 1, postsByNetwork: onX, conversions: 1 },
      ],
    });
    // Dee sees her own row; the console sees every name, with her choice marked.
    const deeSees = await boards(1, { kind: "public", userId: dee.id });
    expect(deeSees.byConversions[1]).toEqual({
      ...row(dee, 2, { score: 30, posts: 1, postsByNetwork: onX, conversions: 1 }),
      you: true,
      hiddenFromPublic: true,
    });
    const consoleSees = await boards(1, { kind: "console" });
    expect(consoleSees.byScore.map((entry) => [entry.rank, entry.creator?.handle, entry.hiddenFromPublic])).toEqual([
      [1, ada.handle, false],
      [1, bob.handle, false],
      [3, dee.handle, true],
    ]);
    // Week 2 when asked, and the last week for any later one.
    const week2Board = {
      week: 2,
      weekCount: 2,
      byScore: [row(ada, 1, { score: 5, posts: 1, postsByNetwork: onX, conversions: 2 })],
      byConversions: [row(ada, 1, { score: 5, posts: 1, postsByNetwork: onX, conversions: 2 })],
    };
    expect(await boards(2, { kind: "console" })).toEqual(week2Board);
    expect(await boards(9, { kind: "console" })).toEqual(week2Board);
  });

  it("reads the top of one week by its index, without sorting", async () => {
    for (const kind of ["score", "conversions"] as const) {
      const recorder = new StatementRecorder();
      leaderboardQuery(recorder.db, "campaign-1", kind, { week: null, now, limit: 10 });
      const [statement] = recorder.statements;
      if (statement === undefined) throw new Error("no statement");
      const plan = await env.DB.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`)
        .bind(...statement.values)
        .all<{ detail: string }>();
      const column = kind === "score" ? "score" : "conversions";
      expect(plan.results.map((step) => step.detail)).toEqual([
        `SEARCH s USING INDEX campaign_week_standings_by_${column} (campaign_id=? AND week=? AND ${column}>?)`,
        "SCALAR SUBQUERY 2",
        "SEARCH campaigns USING INDEX sqlite_autoindex_campaigns_1 (id=?)",
        "SEARCH u USING INDEX sqlite_autoindex_users_1 (id=?)",
        // The networks of the shown rows' posts: a creator's posts in the campaign, by index.
        "CORRELATED SCALAR SUBQUERY 1",
        "SEARCH p USING INDEX posts_by_user_campaign (user_id=? AND campaign_id=?)",
      ]);
    }
  });
});
