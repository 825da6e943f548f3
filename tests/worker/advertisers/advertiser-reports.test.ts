import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../worker/clock.ts";
import type { PostMetrics } from "../../../worker/contracts/campaign-rules.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { reportSchema, type Report } from "../../../worker/contracts/reports.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { upsertAttributionStatement } from "../../../worker/db/attribution.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { storeConversionBatch } from "../../../worker/db/conversions.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import {
  advertiserDepositsAccount,
  campaignBonusPoolAccount,
  campaignPoolAccount,
  creatorAvailableAccount,
} from "../../../worker/domain/ledger/accounts.ts";
import { journalEntryStatements } from "../../../worker/domain/ledger/journal.ts";
import { buildAdvertiser, buildCampaign, buildPost, buildUser, polledPostsStatements } from "../../../fixtures/factories.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fixedClock } from "../../support/clock.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";
import { insertVerifiedWallet, walletPurchase } from "../support/wallet-purchases.ts";

/*
 * Advertiser reports (docs/decisions/021-advertiser-reports.md) through the HTTP API, over a small known data set:
 * three posts of one campaign and one of another over three days, rewards paid from the pools, conversions matched
 * through a verified wallet (attributed to the campaign) and one unmatched.
 */

const now = Date.now();
const day1 = Math.floor(now / DAY) * DAY - 10 * DAY;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const [d1, d2, d3] = [iso(day1), iso(day1 + DAY), iso(day1 + 2 * DAY)];
const suffix = String(now % 1_000_000);

const advertiser = buildAdvertiser(`rep-${suffix}`, now);
const other = buildAdvertiser(`rep-other-${suffix}`, now);
const member = buildUser(`rep_member_${suffix}`, now);
const outsider = buildUser(`rep_outsider_${suffix}`, now);
const ada = buildUser(`rep_ada_${suffix}`, now);
const bob = buildUser(`rep_bob_${suffix}`, now);
const window = { startsAt: day1 - DAY, endsAt: now + 10 * DAY };
const campaign = buildCampaign(`rep-main-${suffix}`, advertiser, "active", now, window);
const second = buildCampaign(`rep-second-${suffix}`, advertiser, "active", now, window);
const wallet = `0x${suffix.padStart(6, "0")}${"ab".repeat(17)}`;

function metrics(impressions: number, likes: number): PostMetrics {
  return { impressions, likes, reposts: 1, replies: 1, quotes: 0, bookmarks: 0 };
}

let memberBearer = "";
let outsiderBearer = "";

beforeAll(async () => {
  const post = (key: string, c: typeof campaign, user: typeof ada, status: "eligible" | "evaluating" | "not-eligible", at: number) =>
    buildPost(`${key}-${suffix}`, c, user, status, now, { postedAt: at, campaignWeek: 1, createdAt: at, updatedAt: at });
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertAdvertiserStatement(env.DB, other),
    ...[member, outsider, ada, bob].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    insertMemberStatement(env.DB, { advertiserId: other.id, userId: outsider.id, role: "owner", invitedBy: null, createdAt: now }),
    insertCampaignStatement(env.DB, campaign),
    insertCampaignStatement(env.DB, second),
    upsertAttributionStatement(env.DB, ada.id, { utm_campaign: campaign.id }, now),
    ...polledPostsStatements(
      env.DB,
      [
        // Day 1: two posts (one matured and eligible, one still evaluating).
        { post: post("r1", campaign, ada, "eligible", day1 + HOUR), metrics: metrics(1000, 10), score: 50, polledAt: now, maturedAt: now },
        { post: post("r2", campaign, bob, "evaluating", day1 + 2 * HOUR), metrics: metrics(500, 5), score: 30, polledAt: now },
        // Day 2: only the other campaign.
        { post: post("r3", second, bob, "eligible", day1 + DAY + HOUR), metrics: metrics(300, 3), score: 5, polledAt: now, maturedAt: now },
        // Day 3: a matured post that is not eligible.
        {
          post: post("r4", campaign, ada, "not-eligible", day1 + 2 * DAY + HOUR),
          metrics: metrics(2000, 20),
          score: 10,
          polledAt: now,
          maturedAt: now,
        },
      ],
      now,
    ),
  ]);
  const usdc = "USDC";
  const pool = campaignPoolAccount(campaign.id, usdc, 1);
  const bonus = campaignBonusPoolAccount(campaign.id, usdc);
  await env.DB.batch([
    ...journalEntryStatements(env.DB, {
      idempotencyKey: `rep-fund-${suffix}`,
      kind: "campaign-funding",
      memo: "test",
      lines: [
        { account: advertiserDepositsAccount(advertiser.id, usdc), amount: -10_000 },
        { account: pool, amount: 8_000 },
        { account: bonus, amount: 2_000 },
      ],
      createdAt: day1 - DAY,
    }),
    ...journalEntryStatements(env.DB, {
      idempotencyKey: `rep-reward-1-${suffix}`,
      kind: "reward",
      memo: "test",
      lines: [
        { account: pool, amount: -700 },
        { account: bonus, amount: -100 },
        { account: creatorAvailableAccount(ada.id, usdc), amount: 800 },
      ],
      createdAt: day1 + 5 * HOUR,
    }),
    ...journalEntryStatements(env.DB, {
      idempotencyKey: `rep-reward-3-${suffix}`,
      kind: "reward",
      memo: "test",
      lines: [
        { account: pool, amount: -300 },
        { account: creatorAvailableAccount(bob.id, usdc), amount: 300 },
      ],
      createdAt: day1 + 2 * DAY + 5 * HOUR,
    }),
  ]);
  await insertVerifiedWallet({ id: `wallet-rep-${suffix}`, userId: ada.id, address: wallet, now });
  const stored = await storeConversionBatch(
    env.DB,
    advertiser.id,
    [
      walletPurchase("e1", wallet, day1 + 3 * HOUR),
      walletPurchase("e2", wallet, day1 + 2 * DAY + 3 * HOUR),
      walletPurchase("e3", `0x${"cd".repeat(20)}`, day1 + 4 * HOUR),
    ],
    now,
  );
  expect(stored.matched).toBe(2);
  memberBearer = await bearerFor(member.id);
  outsiderBearer = await bearerFor(outsider.id);
});

function get(bearer: string, path: string): Promise<Response> {
  return fetchWorker(path, { headers: { Authorization: bearer } });
}

async function report(path: string): Promise<Report> {
  const response = await get(memberBearer, path);
  expect(response.status, await response.clone().text()).toBe(200);
  return reportSchema.parse(await response.json());
}

const campaignPath = () => `/v1/advertiser/${advertiser.id}/campaigns/${campaign.id}/report`;
const accountPath = () => `/v1/advertiser/${advertiser.id}/reports`;

describe("campaign report", () => {
  it("gives the numbers per day", async () => {
    const body = await report(`${campaignPath()}?from=${d1}&to=${d3}`);
    expect(body.range).toEqual({ from: d1, to: d3 });
    expect(body.currencies).toEqual(["USDC"]);
    expect(body.days.map((entry) => entry.date)).toEqual([d1, d2, d3]);
    const [first, middle, last] = body.days;
    expect(first).toMatchObject({
      posts: 2,
      impressions: 1500,
      engagement: 10 + 2 + 5 + 2,
      maturedPosts: 1,
      eligiblePosts: 1,
      spend: { USDC: 800 },
      matchedConversions: 1,
      unmatchedConversions: null,
      conversionsPerThousand: 0.67,
    });
    expect(middle).toMatchObject({ posts: 0, impressions: 0, spend: {}, matchedConversions: 0, conversionsPerThousand: null });
    expect(last).toMatchObject({
      posts: 1,
      impressions: 2000,
      maturedPosts: 1,
      eligiblePosts: 0,
      spend: { USDC: 300 },
      matchedConversions: 1,
      conversionsPerThousand: 0.5,
    });
    expect(body.totals).toMatchObject({
      posts: 3,
      impressions: 3500,
      spend: { USDC: 1100 },
      matchedConversions: 2,
      unmatchedConversions: null,
      conversionsPerThousand: 0.57,
      eligibleShare: 0.5,
    });
    expect(body.topCreators.map((creator) => [creator.handle, creator.score, creator.posts, creator.conversions])).toEqual([
      [ada.handle, 60, 2, 2],
      [bob.handle, 30, 1, 0],
    ]);
    // X's bill since the campaign began (migration 0061): three posts without a link, each read once, at X's rates of
    // 2026-04-20 ($0.015 a post, $0.005 a read). The account report has none.
    expect(body.apiCost).toEqual({
      network: "x",
      ratesAsOf: "2026-04-20",
      postsWithoutUrl: 3,
      postsWithUrl: 0,
      postReads: 3,
      postsWithoutUrlMicros: 45_000,
      postsWithUrlMicros: 0,
      postReadsMicros: 15_000,
      totalMicros: 60_000,
    });
    expect((await report(`/v1/advertiser/${advertiser.id}/reports?from=${d1}&to=${d3}`)).apiCost).toBeNull();
  });

  it("is not found for a member of another account, or for another account's campaign", async () => {
    for (const path of [campaignPath(), `${campaignPath()}.csv`, accountPath(), `${accountPath()}.csv`]) {
      const response = await get(outsiderBearer, path);
      expect(response.status).toBe(404);
      expect(errorBodySchema.parse(await response.json()).code).toBe("not_found");
    }
    expect((await get(outsiderBearer, `/v1/advertiser/${other.id}/campaigns/${campaign.id}/report`)).status).toBe(404);
    expect((await fetchWorker(accountPath())).status).toBe(401);
  });

  it("gives zeros for a range without activity, and refuses a backwards range", async () => {
    const from = iso(day1 - 5 * DAY);
    const to = iso(day1 - 4 * DAY);
    const body = await report(`${campaignPath()}?from=${from}&to=${to}`);
    expect(body.days).toHaveLength(2);
    expect(body.totals).toMatchObject({
      posts: 0,
      impressions: 0,
      matchedConversions: 0,
      eligibleShare: null,
      conversionsPerThousand: null,
    });
    expect(body.topCreators).toEqual([]);
    expect((await get(memberBearer, `${campaignPath()}?from=${d3}&to=${d1}`)).status).toBe(400);
    expect((await get(memberBearer, `${campaignPath()}?from=2026-02-30`)).status).toBe(400);
  });

  it("covers the campaign's days up to today unless asked, either end on its own", async () => {
    const [start, today] = [iso(window.startsAt), iso(now)];
    expect((await report(campaignPath())).range).toEqual({ from: start, to: today });
    expect((await report(`${campaignPath()}?from=${d2}`)).range).toEqual({ from: d2, to: today });
    expect((await report(`${campaignPath()}?to=${d2}`)).range).toEqual({ from: start, to: d2 });
    const refused = await get(memberBearer, `${campaignPath()}?from=${iso(now - 400 * DAY)}`);
    expect(refused.status).toBe(400);
    expect(errorBodySchema.parse(await refused.json()).message).toBe("A report covers at most 366 days.");
  });
});

describe("account report", () => {
  it("adds the other campaigns and the unmatched conversions", async () => {
    const body = await report(`${accountPath()}?from=${d1}&to=${d3}`);
    expect(body.campaign).toBeNull();
    expect(body.days.map((entry) => [entry.posts, entry.impressions, entry.matchedConversions, entry.unmatchedConversions])).toEqual([
      [2, 1500, 1, 1],
      [1, 300, 0, 0],
      [1, 2000, 1, 0],
    ]);
    expect(body.totals).toMatchObject({
      posts: 4,
      impressions: 3800,
      matchedConversions: 2,
      unmatchedConversions: 1,
      spend: { USDC: 1100 },
    });
    expect(body.totals.eligibleShare).toBeCloseTo(2 / 3);
  });

  it("covers the last 30 days by default", async () => {
    const body = await report(accountPath());
    expect(body.days).toHaveLength(30);
    expect(body.range.to).toBe(iso(now));
  });
});

describe("CSV", () => {
  async function csv(path: string): Promise<string> {
    const response = await get(memberBearer, `${path}.csv?from=${d1}&to=${d3}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/csv");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="chorus-report-.+\.csv"$/);
    return response.text();
  }

  // Both campaigns run on X only: one row a day, named by its network (docs/decisions/049-reports-by-network.md).
  // Engagement is likes + reposts + replies (each post has one repost and one reply).
  it("writes a campaign's days as an attachment: day 1 two posts (1 000 and 500 impressions), day 2 none, day 3 one", async () => {
    expect(await csv(campaignPath())).toBe(
      [
        "date,network,posts,impressions,engagement,matured_posts,eligible_posts,spend_USDC,rewards_earned_USDC,matched_conversions,conversions_per_1000_impressions",
        `${d1},x,2,1500,19,1,1,800,0,1,0.67`,
        `${d2},x,0,0,0,0,0,0,0,0,`,
        `${d3},x,1,2000,22,1,0,300,0,1,0.5`,
        "",
      ].join("\r\n"),
    );
  });

  it("writes an account's days with the other campaign's post on day 2 and the unmatched conversion on day 1", async () => {
    expect(await csv(accountPath())).toBe(
      [
        "date,network,posts,impressions,engagement,matured_posts,eligible_posts,spend_USDC,rewards_earned_USDC,matched_conversions,unmatched_conversions,conversions_per_1000_impressions",
        `${d1},x,2,1500,19,1,1,800,0,1,1,0.67`,
        `${d2},x,1,300,5,1,1,0,0,0,0,0`,
        `${d3},x,1,2000,22,1,0,300,0,1,0,0.5`,
        "",
      ].join("\r\n"),
    );
  });
});

describe("pages", () => {
  it("renders the report pages for members and Page Not Found for anyone else", async () => {
    const cookie = await sessionCookieFor(member.id);
    const accountPage = await fetchPage(`/advertiser/${advertiser.id}/reports?from=${d1}&to=${d3}`, cookie);
    expect(accountPage.status).toBe(200);
    const html = await accountPage.text();
    expect(html).toContain(`Reports for ${advertiser.name}`);
    expect(html).toContain("Daily numbers");
    const campaignPage = await fetchPage(`/advertiser/${advertiser.id}/campaigns/${campaign.id}/report`, cookie);
    expect(campaignPage.status).toBe(200);
    const campaignHtml = await campaignPage.text();
    expect(campaignHtml).toContain(campaign.title);
    expect(campaignHtml).toContain("X API cost so far");
    // The console's campaign page has the leaderboard of the week asked, names shown (docs/decisions/046-leaderboards.md):
    // in week 1, Ada's eligible post (50; her ineligible one is off the board) and Bob's evaluating one (30).
    const consolePage = await fetchPage(`/advertiser/${advertiser.id}/campaigns/${campaign.id}?week=1`, cookie);
    expect(consolePage.status).toBe(200);
    const consoleHtml = await consolePage.text();
    expect(consoleHtml).toContain("Leaderboard, week 1");
    expect(consoleHtml.indexOf(`@${ada.handle}`)).toBeGreaterThan(consoleHtml.indexOf("By score"));
    expect(consoleHtml.indexOf(`@${bob.handle}`)).toBeGreaterThan(consoleHtml.indexOf(`@${ada.handle}`));
    // A range that is not one shows the default range (the campaign's days up to today) rather than an error page.
    for (const asked of [`from=${iso(now - 400 * DAY)}`, `from=${d3}&to=${d1}`, "to=2026-02-30"]) {
      const fallback = await fetchPage(`/advertiser/${advertiser.id}/campaigns/${campaign.id}/report?${asked}`, cookie);
      expect(fallback.status, asked).toBe(200);
      expect(await fallback.text()).toContain(`${iso(window.startsAt)} to ${iso(now)}, by UTC day.`);
    }
    const outsiderCookie = await sessionCookieFor(outsider.id);
    expect((await fetchPage(`/advertiser/${advertiser.id}/reports`, outsiderCookie)).status).toBe(404);
  });
});

describe("demo seed", () => {
  it("makes one key per demo advertiser once, and conversions matched and unmatched", async () => {
    const clock = fixedClock(now);
    const first = await seedDemoData(env.DB, clock);
    expect(first.map((key) => key.advertiserSlug)).toEqual(["aurora", "nimbus", "lumen"]);
    expect(await seedDemoData(env.DB, clock)).toEqual([]);
    const bearer = await bearerFor("user-aurora_team");
    const response = await get(bearer, "/v1/advertiser/advertiser-aurora/reports");
    expect(response.status).toBe(200);
    const body = reportSchema.parse(await response.json());
    expect(body.totals.matchedConversions).toBeGreaterThan(0);
    expect(body.totals.unmatchedConversions).toBeGreaterThan(0);
    const launch = reportSchema.parse(
      await (await get(bearer, "/v1/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/report")).json(),
    );
    expect(launch.totals.posts).toBeGreaterThan(0);
  });
});
