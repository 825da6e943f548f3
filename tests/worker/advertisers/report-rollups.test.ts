import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { upsertAttributionStatement } from "../../../worker/db/attribution.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { storeConversionBatch } from "../../../worker/db/conversions.ts";
import { recordMaturedStatement, recordPolledMetricsStatement } from "../../../worker/db/post-metrics.ts";
import { changePostStatusesStatement } from "../../../worker/db/post-status-changes.ts";
import { insertPostStatement, markPostPublished } from "../../../worker/db/posts.ts";
import { runQuery } from "../../../worker/db/query.ts";
import {
  reportConversionDaysQuery,
  reportPostDaysQuery,
  reportSpendDaysQuery,
  reportTopCreatorsQuery,
  type ReportScope,
} from "../../../worker/db/reports.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import {
  advertiserDepositsAccount,
  campaignBonusPoolAccount,
  campaignPoolAccount,
  creatorAvailableAccount,
} from "../../../worker/domain/ledger/accounts.ts";
import { journalEntryStatements } from "../../../worker/domain/ledger/journal.ts";
import { trackingFrom } from "../../../worker/domain/rewards/poll-schedule.ts";
import { migrationBackfills } from "../support/migration-backfills.ts";
import { insertVerifiedWallet, walletPurchase } from "../support/wallet-purchases.ts";

/*
 * The daily rollups behind the advertiser reports (migration 0029, docs/decisions/021-advertiser-reports.md): written
 * through the app's own writers (a post reserved then published, polled twice, matured, made eligible; another post
 * deleted; a reward paid out of the pools; conversions matched and not), each rollup holds the figures written out
 * below, the reports read them, and the migration's backfill makes the same rows from the base tables.
 */

const day1 = Date.UTC(2026, 10, 10);
const now = day1 + 3 * DAY;
const advertiser = buildAdvertiser("rollup-ads", now);
const ada = buildUser("rollup_ada", now);
const bob = buildUser("rollup_bob", now);
const campaign = buildCampaign("rollup-main", advertiser, "active", now, { startsAt: day1 - DAY, endsAt: now + 10 * DAY });
const wallet = `0x${"ef".repeat(20)}`;
const scope = (campaignId: string | null): ReportScope => ({
  advertiserId: advertiser.id,
  campaignId,
  from: day1,
  to: day1 + 2 * DAY,
  today: day1 + 3 * DAY,
  maxSpan: 365 * DAY,
});

function metrics(postId: string, impressions: number, likes: number, score: number) {
  return {
    postId,
    impressions,
    likes,
    reposts: 2,
    replies: 1,
    quotes: 0,
    bookmarks: 1,
    readText: "#ad read back",
    paidPartnership: true,
    score,
    polls: 1,
    nextPollAt: null,
  };
}

async function rows(sql: string): Promise<unknown[]> {
  return (await env.DB.prepare(sql).all()).results;
}

async function rollups() {
  return {
    campaignDaily: await rows(
      `SELECT campaign_id, day, posts, impressions, engagements, matured_posts, eligible_posts, spend, conversions_matched,
         conversions_unmatched FROM campaign_daily WHERE posts != 0 OR impressions != 0 OR spend != 0
           OR conversions_matched != 0 OR conversions_unmatched != 0 ORDER BY campaign_id, day`,
    ),
    advertiserDaily: await rows(`SELECT advertiser_id, day, conversions_matched, conversions_unmatched FROM advertiser_daily ORDER BY day`),
    creatorDaily: await rows(
      `SELECT campaign_id, day, user_id, posts, score, impressions FROM campaign_creator_daily WHERE posts != 0 ORDER BY user_id`,
    ),
    creatorConversions: await rows(`SELECT advertiser_id, user_id, campaign_id, day, conversions FROM creator_conversions_daily`),
  };
}

describe("the report rollups", () => {
  it("hold the figures of the rows written, the reports read them, and migration 0029 backfills them", async () => {
    const reserved = buildPost("rollup-1", campaign, ada, "evaluating", now, { networkPostId: null, postedAt: day1 + HOUR });
    const deletedLater = buildPost("rollup-2", campaign, bob, "evaluating", now, { networkPostId: null, postedAt: day1 + 2 * HOUR });
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      ...[ada, bob].flatMap((user) => insertUserStatements(env.DB, user, ["creator"])),
      insertCampaignStatement(env.DB, campaign),
      upsertAttributionStatement(env.DB, ada.id, { utm_campaign: campaign.id }, now),
      insertPostStatement(env.DB, reserved),
      insertPostStatement(env.DB, deletedLater),
    ]);
    // A reservation without its X id counts for nothing.
    expect((await rollups()).campaignDaily).toEqual([]);

    expect(
      await markPostPublished(env.DB, reserved.id, { networkPostId: "1900000000000000101", postedAt: day1 + HOUR }, trackingFrom(now)),
    ).toBe(true);
    expect(
      await markPostPublished(
        env.DB,
        deletedLater.id,
        { networkPostId: "1900000000000000102", postedAt: day1 + 2 * HOUR },
        trackingFrom(now),
      ),
    ).toBe(true);
    // Two polls: the second replaces the first's numbers (the rollup adds the difference, not the total).
    await recordPolledMetricsStatement(env.DB, [metrics(reserved.id, 1000, 10, 40), metrics(deletedLater.id, 200, 1, 5)], now).run();
    await recordPolledMetricsStatement(env.DB, [metrics(reserved.id, 1500, 12, 55)], now + HOUR).run();
    await recordMaturedStatement(env.DB, [{ postId: reserved.id, score: 60 }], now + 2 * HOUR).run();
    await changePostStatusesStatement(env.DB, { changes: [{ postId: reserved.id, status: "eligible" }], from: ["evaluating"], now }).run();
    await changePostStatusesStatement(env.DB, {
      changes: [{ postId: deletedLater.id, status: "deleted" }],
      from: ["evaluating"],
      now,
    }).run();

    // A reward of 700 + 100 out of the pools on day 1, and a funding entry that is not spend.
    await env.DB.batch([
      ...journalEntryStatements(env.DB, {
        idempotencyKey: "rollup-fund",
        kind: "campaign-funding",
        memo: "test",
        lines: [
          { account: advertiserDepositsAccount(advertiser.id, "USDC"), amount: -10_000 },
          { account: campaignPoolAccount(campaign.id, "USDC", 1), amount: 8_000 },
          { account: campaignBonusPoolAccount(campaign.id, "USDC"), amount: 2_000 },
        ],
        createdAt: day1 - DAY,
      }),
      ...journalEntryStatements(env.DB, {
        idempotencyKey: "rollup-reward-1",
        kind: "reward",
        memo: "test",
        lines: [
          { account: campaignPoolAccount(campaign.id, "USDC", 1), amount: -700 },
          { account: campaignBonusPoolAccount(campaign.id, "USDC"), amount: -100 },
          { account: creatorAvailableAccount(ada.id, "USDC"), amount: 800 },
        ],
        createdAt: day1 + 5 * HOUR,
      }),
    ]);

    // Ada's verified wallet: her conversion is matched and attributed to the campaign (her utm campaign); another is not.
    await insertVerifiedWallet({ id: "wallet-rollup", userId: ada.id, address: wallet, now });
    const stored = await storeConversionBatch(
      env.DB,
      advertiser.id,
      [walletPurchase("c1", wallet, day1 + 3 * HOUR), walletPurchase("c2", `0x${"12".repeat(20)}`, day1 + DAY + HOUR)],
      now,
    );
    expect(stored.matched).toBe(1);

    const expected = {
      // Ada's post: 1,500 impressions, engagement 12 + 2 + 1 + 0 + 1 = 16, matured and eligible; Bob's deleted post is out.
      campaignDaily: [
        {
          campaign_id: campaign.id,
          day: day1,
          posts: 1,
          impressions: 1500,
          engagements: 16,
          matured_posts: 1,
          eligible_posts: 1,
          spend: 800,
          conversions_matched: 1,
          conversions_unmatched: 0,
        },
      ],
      advertiserDaily: [
        { advertiser_id: advertiser.id, day: day1, conversions_matched: 1, conversions_unmatched: 0 },
        { advertiser_id: advertiser.id, day: day1 + DAY, conversions_matched: 0, conversions_unmatched: 1 },
      ],
      creatorDaily: [{ campaign_id: campaign.id, day: day1, user_id: ada.id, posts: 1, score: 60, impressions: 1500 }],
      creatorConversions: [{ advertiser_id: advertiser.id, user_id: ada.id, campaign_id: campaign.id, day: day1, conversions: 1 }],
    };
    expect(await rollups()).toEqual(expected);

    const d1 = "2026-11-10";
    const d2 = "2026-11-11";
    const postDay = { date: d1, posts: 1, impressions: 1500, engagement: 16, maturedPosts: 1, eligiblePosts: 1 };
    const topAda = {
      userId: ada.id,
      handle: ada.handle,
      name: ada.name,
      avatarUrl: ada.avatarUrl,
      posts: 1,
      score: 60,
      impressions: 1500,
      conversions: 1,
    };
    for (const campaignId of [campaign.id, null]) {
      expect(await runQuery(reportPostDaysQuery(env.DB, scope(campaignId)))).toEqual([postDay]);
      expect(await runQuery(reportSpendDaysQuery(env.DB, scope(campaignId)))).toEqual([{ date: d1, currency: "USDC", amount: 800 }]);
      expect(await runQuery(reportTopCreatorsQuery(env.DB, scope(campaignId)))).toEqual([topAda]);
    }
    expect(await runQuery(reportConversionDaysQuery(env.DB, scope(campaign.id)))).toEqual([{ date: d1, matched: 1, unmatched: 0 }]);
    expect(await runQuery(reportConversionDaysQuery(env.DB, scope(null)))).toEqual([
      { date: d1, matched: 1, unmatched: 0 },
      { date: d2, matched: 0, unmatched: 1 },
    ]);
    // A range that leaves day 1 out has none of it.
    expect(await runQuery(reportPostDaysQuery(env.DB, { ...scope(null), from: day1 + DAY }))).toEqual([]);
    expect(await runQuery(reportTopCreatorsQuery(env.DB, { ...scope(null), from: day1 + DAY }))).toEqual([]);

    for (const table of ["campaign_daily", "advertiser_daily", "campaign_creator_daily", "creator_conversions_daily"]) {
      await env.DB.prepare(`DELETE FROM ${table}`).run();
    }
    const backfills = migrationBackfills("0029_");
    expect(backfills).toHaveLength(6);
    for (const statement of backfills) await env.DB.prepare(statement).run();
    expect(await rollups()).toEqual(expected);
  });
});
