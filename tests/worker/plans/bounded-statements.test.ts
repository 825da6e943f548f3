import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildCampaign, buildPost, buildUser, publishedPostsStatements } from "../../../fixtures/factories.ts";
import { HOUR } from "../../../worker/clock.ts";
import { campaignCardQuery, insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { creatorCountQuery } from "../../../worker/db/notification-fanout.ts";
import { recordPolledMetricsStatement } from "../../../worker/db/post-metrics.ts";
import { changePostStatusesStatement } from "../../../worker/db/post-status-changes.ts";
import { insertPostStatement, markPostPublished } from "../../../worker/db/posts.ts";
import { runQuery } from "../../../worker/db/query.ts";
import { campaignPacingFacts } from "../../../worker/db/reward-campaigns.ts";
import { findUserIdByIdOrHandle, insertUserStatements } from "../../../worker/db/users.ts";
import { trackingFrom } from "../../../worker/domain/rewards/poll-schedule.ts";
import { depositAdvertiserFunds, fundCampaign } from "../../../worker/domain/ledger/funding.ts";
import { fixedClock } from "../../support/clock.ts";
import { insertAdvertiser } from "../support/rewards.ts";
import { migrationBackfills } from "../support/migration-backfills.ts";

/*
 * What issue 26 changed under the statements the plan check flagged (docs/decisions/033-bounded-statements.md): the
 * same answers, read from an index, a counter or the moment of publication instead of from whole tables.
 */

const now = Date.UTC(2026, 10, 20, 12);
const MINUTE_MS = 60_000;

async function liveCampaign(key: string) {
  const advertiser = await insertAdvertiser(`bounded-${key}`);
  const campaign = buildCampaign(`bounded-${key}`, advertiser, "active", now, { maturityHours: 48 });
  await insertCampaignStatement(env.DB, campaign).run();
  return campaign;
}

describe("a user by id or handle", () => {
  it("finds by id first, then by handle with or without @ in any case, and answers null for neither", async () => {
    const ada = buildUser("AdaLove", now);
    // A user whose id is another user's handle: the id wins.
    const impostor = buildUser("imp", now, { id: "adalove" });
    await env.DB.batch([...insertUserStatements(env.DB, ada, ["creator"]), ...insertUserStatements(env.DB, impostor, ["creator"])]);

    expect(await findUserIdByIdOrHandle(env.DB, "user-adalove")).toBe("user-adalove");
    expect(await findUserIdByIdOrHandle(env.DB, "@adaLOVE")).toBe("user-adalove");
    expect(await findUserIdByIdOrHandle(env.DB, "adalove")).toBe("adalove");
    expect(await findUserIdByIdOrHandle(env.DB, "@nobody")).toBeNull();
  });
});

describe("tracking a post", () => {
  it("starts in the batch that records its X id, once, with the first poll 15 minutes after posting", async () => {
    const campaign = await liveCampaign("track");
    const creator = buildUser("tracked_one", now);
    const reservation = buildPost("track-1", campaign, creator, "evaluating", now, { networkPostId: null });
    await env.DB.batch([...insertUserStatements(env.DB, creator, ["creator"]), insertPostStatement(env.DB, reservation)]);
    const metrics = () =>
      env.DB.prepare(`SELECT matures_at, next_poll_at, created_at FROM post_metrics WHERE post_id = ?`).bind(reservation.id).all();
    expect((await metrics()).results).toEqual([]);

    const postedAt = now - 10 * MINUTE_MS;
    expect(await markPostPublished(env.DB, reservation.id, { networkPostId: "1900000000000000001", postedAt }, trackingFrom(now))).toBe(
      true,
    );
    const tracked = [{ matures_at: postedAt + 48 * HOUR, next_poll_at: postedAt + 15 * MINUTE_MS, created_at: now }];
    expect((await metrics()).results).toEqual(tracked);

    // A second recording (another request, a reconciliation) changes nothing, and tracks nothing twice.
    expect(
      await markPostPublished(env.DB, reservation.id, { networkPostId: "1900000000000000002", postedAt }, trackingFrom(now + HOUR)),
    ).toBe(false);
    expect((await metrics()).results).toEqual(tracked);
  });

  it("is backfilled by migration 0021 for a published post still evaluating that nothing tracked", async () => {
    const campaign = await liveCampaign("backfill");
    const creator = buildUser("untracked_one", now);
    const postedAt = now - 2 * HOUR;
    const untracked = buildPost("backfill-1", campaign, creator, "evaluating", now, { postedAt, updatedAt: postedAt });
    const matured = buildPost("backfill-2", campaign, creator, "eligible", now, { postedAt, updatedAt: postedAt });
    await env.DB.batch([
      ...insertUserStatements(env.DB, creator, ["creator"]),
      insertPostStatement(env.DB, untracked),
      insertPostStatement(env.DB, matured),
    ]);
    for (const statement of migrationBackfills("0021_")) await env.DB.prepare(statement).run();

    const { results } = await env.DB.prepare(
      `SELECT post_id, matures_at, next_poll_at, created_at FROM post_metrics WHERE campaign_id = ? ORDER BY post_id`,
    )
      .bind(campaign.id)
      .all();
    expect(results).toEqual([
      { post_id: "post-backfill-1", matures_at: postedAt + 48 * HOUR, next_poll_at: postedAt + 15 * MINUTE_MS, created_at: postedAt },
    ]);
  });
});

describe("campaign pacing", () => {
  it("counts the score of posts not deleted and the posts X answered for, as metrics arrive", async () => {
    const campaign = await liveCampaign("pacing");
    const creator = buildUser("pacer", now);
    const posts = ["a", "b", "c"].map((key) => buildPost(`pacing-${key}`, campaign, creator, "evaluating", now));
    await env.DB.batch([...insertUserStatements(env.DB, creator, ["creator"]), ...publishedPostsStatements(env.DB, posts, now)]);
    expect(await campaignPacingFacts(env.DB, [campaign.id])).toEqual([{ campaign_id: campaign.id, score: 0, polled: 0 }]);

    const polled = (postId: string, score: number) => ({
      postId,
      impressions: score,
      likes: 0,
      reposts: 0,
      replies: 0,
      quotes: 0,
      bookmarks: 0,
      score,
      readText: "#ad read back",
      paidPartnership: true,
      polls: 1,
      nextPollAt: now + HOUR,
    });
    await recordPolledMetricsStatement(env.DB, [polled("post-pacing-a", 100), polled("post-pacing-b", 40)], now).run();
    expect(await campaignPacingFacts(env.DB, [campaign.id])).toEqual([{ campaign_id: campaign.id, score: 140, polled: 2 }]);

    // A new poll replaces a score; a post deleted on X stops counting its score (X did answer for it, so it stays polled).
    await recordPolledMetricsStatement(env.DB, [polled("post-pacing-a", 130)], now + HOUR).run();
    await changePostStatusesStatement(env.DB, {
      changes: [{ postId: "post-pacing-b", status: "deleted" }],
      from: ["evaluating"],
      now,
    }).run();
    expect(await campaignPacingFacts(env.DB, [campaign.id])).toEqual([{ campaign_id: campaign.id, score: 130, polled: 2 }]);

    // Migration 0024's backfill works the same row out of the posts and metrics themselves.
    await env.DB.prepare(`DELETE FROM campaign_pacing`).run();
    for (const statement of migrationBackfills("0024_")) await env.DB.prepare(statement).run();
    expect(await campaignPacingFacts(env.DB, [campaign.id])).toEqual([{ campaign_id: campaign.id, score: 130, polled: 2 }]);
  });
});

describe("counts kept as rows are written", () => {
  it("counts creators and a campaign's participants once each, whatever repeats", async () => {
    const creatorsBefore = await runQuery(creatorCountQuery(env.DB));
    const campaign = await liveCampaign("counts");
    const creators = ["count_a", "count_b", "count_c"].map((handle) => buildUser(handle, now));
    await env.DB.batch(creators.flatMap((creator) => insertUserStatements(env.DB, creator, ["creator"])));
    // The same user and role again, and a join repeated: ON CONFLICT DO NOTHING inserts nothing, so counts nothing.
    await env.DB.batch([
      ...insertUserStatements(env.DB, creators[0] ?? buildUser("count_a", now), ["creator", "admin"]),
      ...creators.flatMap((creator) => joinCampaignStatements(env.DB, campaign.id, creator.id, now)),
      ...joinCampaignStatements(env.DB, campaign.id, "user-count_a", now),
    ]);
    expect((await runQuery(creatorCountQuery(env.DB))) - creatorsBefore).toBe(3);
    expect((await runQuery(campaignCardQuery(env.DB, campaign.id)))?.participantCount).toBe(3);
  });

  it("are backfilled by migration 0025 from the rows already there", async () => {
    const campaign = await liveCampaign("count-backfill");
    const creators = ["backfill_a", "backfill_b"].map((handle) => buildUser(handle, now));
    await env.DB.batch([
      ...creators.flatMap((creator) => insertUserStatements(env.DB, creator, ["creator"])),
      ...creators.flatMap((creator) => joinCampaignStatements(env.DB, campaign.id, creator.id, now)),
    ]);
    const { results: rolesBefore } = await env.DB.prepare(
      `SELECT role, COUNT(*) AS users FROM user_roles GROUP BY role ORDER BY role`,
    ).all();
    await env.DB.batch([env.DB.prepare(`DELETE FROM user_role_counts`), env.DB.prepare(`DELETE FROM campaign_participant_counts`)]);
    const backfills = migrationBackfills("0025_");
    expect(backfills).toHaveLength(2);
    for (const statement of backfills) await env.DB.prepare(statement).run();

    expect((await env.DB.prepare(`SELECT role, users FROM user_role_counts ORDER BY role`).all()).results).toEqual(rolesBefore);
    expect((await runQuery(campaignCardQuery(env.DB, campaign.id)))?.participantCount).toBe(2);
  });

  it("keeps a card's pools as ledger lines are written, and migration 0026 backfills them", async () => {
    const campaign = await liveCampaign("pools");
    const clock = fixedClock(now);
    expect((await runQuery(campaignCardQuery(env.DB, campaign.id)))?.pool).toEqual({ funded: 0, remaining: 0 });
    // Two weeks of 500 USDC and a bonus pool of 100 USDC (buildCampaign's), in the smallest unit.
    const amount = 2 * 500_000_000 + 100_000_000;
    await depositAdvertiserFunds(env.DB, clock, {
      advertiserId: campaign.advertiserId,
      currency: "USDC",
      amount,
      idempotencyKey: "deposit:pools",
    });
    expect(await fundCampaign(env.DB, clock, campaign.id)).toEqual({ funded: true, amount });
    expect((await runQuery(campaignCardQuery(env.DB, campaign.id)))?.pool).toEqual({ funded: amount, remaining: amount });

    await env.DB.prepare(`DELETE FROM campaign_pool_totals`).run();
    for (const statement of migrationBackfills("0026_")) await env.DB.prepare(statement).run();
    expect((await runQuery(campaignCardQuery(env.DB, campaign.id)))?.pool).toEqual({ funded: amount, remaining: amount });
  });
});
