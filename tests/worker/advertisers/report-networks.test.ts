import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { reportSchema, type Report } from "../../../worker/contracts/reports.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { noGuard } from "../../../worker/db/ledger.ts";
import { recordMaturedStatement, recordPolledMetricsStatement } from "../../../worker/db/post-metrics.ts";
import { insertPostRewardsStatement } from "../../../worker/db/post-rewards.ts";
import { changePostStatusesStatement } from "../../../worker/db/post-status-changes.ts";
import { insertPostStatement, markPostPublished } from "../../../worker/db/posts.ts";
import { runQuery } from "../../../worker/db/query.ts";
import { reportNetworkDaysQuery, type ReportScope } from "../../../worker/db/reports.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { trackingFrom } from "../../../worker/domain/rewards/poll-schedule.ts";
import { fetchWorker } from "../support/fetch.ts";
import { bearerFor } from "../support/sessions.ts";
import { migrationBackfills } from "../support/migration-backfills.ts";

/*
 * The advertiser report split by network (migration 0069, docs/decisions/049-reports-by-network.md). A campaign runs
 * on X and Bluesky: Ada's X post and Bob's Bluesky post on day 1, Ada's Bluesky post on day 2 that is deleted later.
 * Both day-1 posts are rewarded (Bob's after being held for review); the figures below are written out by hand from
 * the counts each post is given. Another campaign of the account runs on X only, and its report has no split.
 */

const day1 = Date.UTC(2026, 10, 10);
const now = day1 + 3 * DAY;
const [d1, d2, d3] = ["2026-11-10", "2026-11-11", "2026-11-12"];
const advertiser = buildAdvertiser("netrep-ads", now);
const member = buildUser("netrep_member", now);
const ada = buildUser("netrep_ada", now);
const bob = buildUser("netrep_bob", now);
const window = { startsAt: day1 - DAY, endsAt: now + 10 * DAY };
const both = { ...buildCampaign("netrep-both", advertiser, "active", now, window), networks: ["x" as const, "bluesky" as const] };
const xOnly = buildCampaign("netrep-x", advertiser, "active", now, window);
const scope = (campaignId: string | null): ReportScope => ({
  advertiserId: advertiser.id,
  campaignId,
  from: day1,
  to: day1 + 2 * DAY,
  today: now,
  maxSpan: 365 * DAY,
});

const adaOnX = buildPost("netrep-1", both, ada, "evaluating", now, { networkPostId: null, postedAt: day1 + HOUR, network: "x" });
const bobOnBluesky = buildPost("netrep-2", both, bob, "evaluating", now, {
  networkPostId: null,
  postedAt: day1 + 2 * HOUR,
  network: "bluesky",
});
const adaOnBluesky = buildPost("netrep-3", both, ada, "evaluating", now, {
  networkPostId: null,
  postedAt: day1 + DAY + HOUR,
  network: "bluesky",
});
const adaXOnly = buildPost("netrep-4", xOnly, ada, "evaluating", now, { networkPostId: null, postedAt: day1 + HOUR, network: "x" });

type Counts = { impressions: number; likes: number; reposts: number; replies: number; quotes: number; bookmarks: number };
function polled(postId: string, counts: Counts, score: number) {
  return { postId, ...counts, readText: "#ad read back", paidPartnership: true, score, polls: 1, nextPollAt: null };
}

async function networkRollups(): Promise<unknown[]> {
  return (
    await env.DB.prepare(
      `SELECT campaign_id, day, network, posts, impressions, engagements, matured_posts, eligible_posts, rewards
       FROM campaign_network_daily WHERE posts != 0 OR impressions != 0 OR engagements != 0 OR rewards != 0
       ORDER BY campaign_id, day, network`,
    ).all()
  ).results;
}

/** Each post's figures as the rollup keeps them (engagement: likes + reposts + replies + quotes + bookmarks). */
const expectedRollups = [
  // Ada on X: 1,000 impressions, 10 + 2 + 1 + 0 + 1 = 14, matured, eligible, rewarded 600 + 100.
  {
    campaign_id: both.id,
    day: day1,
    network: "x",
    posts: 1,
    impressions: 1000,
    engagements: 14,
    matured_posts: 1,
    eligible_posts: 1,
    rewards: 700,
  },
  // Bob on Bluesky: no views, 20 + 4 + 2 + 1 + 0 = 27, matured, eligible, rewarded 300 once his hold was approved.
  {
    campaign_id: both.id,
    day: day1,
    network: "bluesky",
    posts: 1,
    impressions: 0,
    engagements: 27,
    matured_posts: 1,
    eligible_posts: 1,
    rewards: 300,
  },
  // Ada's second post (Bluesky, day 2) was deleted: it counts for nothing. The X-only campaign: 400 impressions, 3 + 1 + 0 + 0 + 0 = 4.
  {
    campaign_id: xOnly.id,
    day: day1,
    network: "x",
    posts: 1,
    impressions: 400,
    engagements: 4,
    matured_posts: 0,
    eligible_posts: 0,
    rewards: 0,
  },
].sort((a, b) => (a.campaign_id < b.campaign_id ? -1 : a.campaign_id > b.campaign_id ? 1 : a.network < b.network ? -1 : 1));

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    ...[member, ada, bob].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    insertCampaignStatement(env.DB, both),
    insertCampaignStatement(env.DB, xOnly),
    ...[adaOnX, bobOnBluesky, adaOnBluesky, adaXOnly].map((post) => insertPostStatement(env.DB, post)),
  ]);
  const published = [
    [adaOnX, "1900000000000000201"],
    [bobOnBluesky, "at://did:plc:netrepbob/app.bsky.feed.post/3kbob"],
    [adaOnBluesky, "at://did:plc:netrepada/app.bsky.feed.post/3kada"],
    [adaXOnly, "1900000000000000204"],
  ] as const;
  for (const [post, id] of published) {
    expect(await markPostPublished(env.DB, post.id, { networkPostId: id, postedAt: post.postedAt }, trackingFrom(now))).toBe(true);
  }
});

describe("the network rollup", () => {
  it("keeps each post's figures on its network as it is polled, matured, rewarded and deleted, and migration 0069 backfills them", async () => {
    // Two polls of Ada's X post: the second replaces the first's numbers (the rollup adds the difference).
    await recordPolledMetricsStatement(
      env.DB,
      [
        polled(adaOnX.id, { impressions: 600, likes: 4, reposts: 1, replies: 0, quotes: 0, bookmarks: 0 }, 20),
        polled(bobOnBluesky.id, { impressions: 0, likes: 20, reposts: 4, replies: 2, quotes: 1, bookmarks: 0 }, 33),
        polled(adaOnBluesky.id, { impressions: 0, likes: 5, reposts: 1, replies: 0, quotes: 0, bookmarks: 0 }, 7),
        polled(adaXOnly.id, { impressions: 400, likes: 3, reposts: 1, replies: 0, quotes: 0, bookmarks: 0 }, 9),
      ],
      now,
    ).run();
    await recordPolledMetricsStatement(
      env.DB,
      [polled(adaOnX.id, { impressions: 1000, likes: 10, reposts: 2, replies: 1, quotes: 0, bookmarks: 1 }, 40)],
      now + HOUR,
    ).run();
    await recordMaturedStatement(
      env.DB,
      [
        { postId: adaOnX.id, score: 40 },
        { postId: bobOnBluesky.id, score: 33 },
      ],
      now + 2 * HOUR,
    ).run();
    const move = (ids: string[], from: "evaluating" | "eligible" | "claimed", status: "eligible" | "claimed" | "rewarded" | "deleted") =>
      changePostStatusesStatement(env.DB, { changes: ids.map((postId) => ({ postId, status })), from: [from], now }).run();
    await move([adaOnX.id, bobOnBluesky.id], "evaluating", "eligible");
    await move([adaOnBluesky.id], "evaluating", "deleted");
    await move([adaOnX.id, bobOnBluesky.id], "eligible", "claimed");
    // Evaluation: both get their shares; Ada's is paid (rewarded), Bob's is held for review and stays claimed.
    await env.DB.batch([
      insertPostRewardsStatement(env.DB, {
        campaignId: both.id,
        currency: both.rewardCurrency,
        rewards: [
          { postId: adaOnX.id, userId: ada.id, poolAmount: 600, bonusAmount: 100 },
          { postId: bobOnBluesky.id, userId: bob.id, poolAmount: 300, bonusAmount: 0 },
        ],
        now,
        guard: noGuard,
      }),
      changePostStatusesStatement(env.DB, { changes: [{ postId: adaOnX.id, status: "rewarded" }], from: ["claimed"], now }),
    ]);
    const held = await networkRollups();
    expect(held).toContainEqual({ ...expectedRollups.find((row) => row.network === "bluesky"), rewards: 0 });
    // Approved: the held share is his.
    await move([bobOnBluesky.id], "claimed", "rewarded");
    expect(await networkRollups()).toEqual(expectedRollups);

    // The report reads it per day, network and currency, for the campaign and for the account.
    const xDay = { date: d1, network: "x", currency: "USDC", maturedPosts: 1, eligiblePosts: 1 };
    expect(await runQuery(reportNetworkDaysQuery(env.DB, scope(both.id)))).toEqual([
      { ...xDay, network: "bluesky", posts: 1, impressions: 0, engagement: 27, rewards: 300 },
      { ...xDay, posts: 1, impressions: 1000, engagement: 14, rewards: 700 },
    ]);
    expect(await runQuery(reportNetworkDaysQuery(env.DB, scope(null)))).toEqual([
      { ...xDay, network: "bluesky", posts: 1, impressions: 0, engagement: 27, rewards: 300 },
      { ...xDay, posts: 2, impressions: 1400, engagement: 18, rewards: 700 },
    ]);
    expect(await runQuery(reportNetworkDaysQuery(env.DB, { ...scope(null), from: day1 + DAY }))).toEqual([]);

    await env.DB.prepare("DELETE FROM campaign_network_daily").run();
    const backfills = migrationBackfills("0069_");
    expect(backfills).toHaveLength(1);
    for (const statement of backfills) await env.DB.prepare(statement).run();
    expect(await networkRollups()).toEqual(expectedRollups);
  });
});

describe("the report by network", () => {
  const get = async (path: string) => fetchWorker(path, { headers: { Authorization: await bearerFor(member.id) } });
  const report = async (path: string): Promise<Report> => {
    const response = await get(path);
    expect(response.status, await response.clone().text()).toBe(200);
    return reportSchema.parse(await response.json());
  };
  const campaignPath = (id: string) => `/v1/advertiser/${advertiser.id}/campaigns/${id}/report`;
  const zeros = { posts: 0, impressions: 0, engagement: 0, maturedPosts: 0, eligiblePosts: 0, rewards: {} };
  const xFigures = {
    network: "x",
    name: "X",
    posts: 1,
    impressions: 1000,
    engagement: 14,
    maturedPosts: 1,
    eligiblePosts: 1,
    rewards: { USDC: 700 },
  };
  const blueskyFigures = {
    network: "bluesky",
    name: "Bluesky",
    posts: 1,
    impressions: 0,
    engagement: 27,
    maturedPosts: 1,
    eligiblePosts: 1,
    rewards: { USDC: 300 },
  };

  it("gives each network's figures beside the totals, per day and over the range", async () => {
    const body = await report(`${campaignPath(both.id)}?from=${d1}&to=${d3}`);
    expect(body.totals).toMatchObject({ posts: 2, impressions: 1000, engagement: 41, maturedPosts: 2, eligiblePosts: 2 });
    expect(body.networks).toEqual([
      { ...xFigures, eligibleShare: 1, reportsImpressions: true },
      { ...blueskyFigures, eligibleShare: 1, reportsImpressions: false },
    ]);
    expect(body.days.map((day) => [day.date, day.networks])).toEqual([
      [d1, [xFigures, blueskyFigures]],
      [
        d2,
        [
          { network: "x", name: "X", ...zeros },
          { network: "bluesky", name: "Bluesky", ...zeros },
        ],
      ],
      [
        d3,
        [
          { network: "x", name: "X", ...zeros },
          { network: "bluesky", name: "Bluesky", ...zeros },
        ],
      ],
    ]);
  });

  it("lists one network, X, for a campaign on X only; the account lists the networks of all its campaigns", async () => {
    const xReport = await report(`${campaignPath(xOnly.id)}?from=${d1}&to=${d3}`);
    expect(xReport.networks).toEqual([
      {
        network: "x",
        name: "X",
        posts: 1,
        impressions: 400,
        engagement: 4,
        maturedPosts: 0,
        eligiblePosts: 0,
        rewards: {},
        eligibleShare: null,
        reportsImpressions: true,
      },
    ]);
    const account = await report(`/v1/advertiser/${advertiser.id}/reports?from=${d1}&to=${d3}`);
    expect(account.networks.map((network) => [network.network, network.posts, network.impressions, network.rewards])).toEqual([
      ["x", 2, 1400, { USDC: 700 }],
      ["bluesky", 1, 0, { USDC: 300 }],
    ]);
  });

  it("has a network column in the CSV: the day's totals as `all`, then a row per network", async () => {
    const response = await get(`${campaignPath(both.id)}.csv?from=${d1}&to=${d2}`);
    expect(response.status).toBe(200);
    expect((await response.text()).split("\r\n")).toEqual([
      "date,network,posts,impressions,engagement,matured_posts,eligible_posts,spend_USDC,rewards_earned_USDC,matched_conversions,conversions_per_1000_impressions",
      `${d1},all,2,1000,41,2,2,0,1000,0,0`,
      `${d1},x,1,1000,14,1,1,,700,,`,
      `${d1},bluesky,1,0,27,1,1,,300,,`,
      `${d2},all,0,0,0,0,0,0,0,0,`,
      `${d2},x,0,0,0,0,0,,0,,`,
      `${d2},bluesky,0,0,0,0,0,,0,,`,
      "",
    ]);
    const xOnlyCsv = await get(`${campaignPath(xOnly.id)}.csv?from=${d1}&to=${d1}`);
    expect((await xOnlyCsv.text()).split("\r\n")).toEqual([
      "date,network,posts,impressions,engagement,matured_posts,eligible_posts,spend_USDC,rewards_earned_USDC,matched_conversions,conversions_per_1000_impressions",
      `${d1},x,1,400,4,0,0,0,0,0,0`,
      "",
    ]);
  });
});
