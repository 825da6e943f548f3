import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { postCountsByCampaignAndStatusQuery, postCountsByStatusQuery } from "../../../worker/db/creator-post-counts.ts";
import { deleteUnpublishedPost, insertPostStatement } from "../../../worker/db/posts.ts";
import { runBatch } from "../../../worker/db/query.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";

/*
 * The catalog's count of a creator's posts per campaign and status (migration 0074) follows every write of a post: a
 * new post, a status change (and a write that leaves the status as it was), a post removed before it was published.
 */

describe("a creator's post counts", () => {
  it("follow each insert, status change and delete, per campaign and over all campaigns", async () => {
    const now = systemClock.now();
    const advertiser = buildAdvertiser("counted", now);
    const window = { startsAt: now - 3 * DAY, endsAt: now + 4 * DAY };
    const first = buildCampaign("counted-first", advertiser, "active", now, window);
    const second = buildCampaign("counted-second", advertiser, "active", now, window);
    const creator = buildUser("counted_creator", now);
    const posts = [
      buildPost("counted-1", first, creator, "evaluating", now),
      buildPost("counted-2", first, creator, "evaluating", now),
      buildPost("counted-3", second, creator, "eligible", now),
      buildPost("counted-4", second, creator, "evaluating", now, { networkPostId: null }),
    ];
    await env.DB.batch([
      insertAdvertiserStatement(env.DB, advertiser),
      insertCampaignStatement(env.DB, first),
      insertCampaignStatement(env.DB, second),
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...joinCampaignStatements(env.DB, first.id, creator.id, now - DAY),
      ...joinCampaignStatements(env.DB, second.id, creator.id, now - DAY),
      ...posts.map((post) => insertPostStatement(env.DB, post)),
    ]);
    await env.DB.batch([
      env.DB.prepare(`UPDATE posts SET status = 'eligible' WHERE id = 'post-counted-1'`),
      env.DB.prepare(`UPDATE posts SET status = 'eligible', updated_at = updated_at + 1 WHERE id = 'post-counted-3'`),
    ]);
    await deleteUnpublishedPost(env.DB, "post-counted-4");

    const [byCampaign, inFirst, overall] = await runBatch(env.DB, [
      postCountsByCampaignAndStatusQuery(env.DB, creator.id),
      postCountsByCampaignAndStatusQuery(env.DB, creator.id, { campaignId: first.id }),
      postCountsByStatusQuery(env.DB, creator.id),
    ]);
    const sorted = <T extends { status: string }>(rows: T[]) =>
      [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(sorted(byCampaign)).toEqual([
      { campaign_id: "campaign-counted-first", status: "eligible", count: 1 },
      { campaign_id: "campaign-counted-first", status: "evaluating", count: 1 },
      { campaign_id: "campaign-counted-second", status: "eligible", count: 1 },
    ]);
    expect(sorted(inFirst)).toEqual([
      { campaign_id: "campaign-counted-first", status: "eligible", count: 1 },
      { campaign_id: "campaign-counted-first", status: "evaluating", count: 1 },
    ]);
    expect(sorted(overall)).toEqual([
      { status: "eligible", count: 2 },
      { status: "evaluating", count: 1 },
    ]);
  });
});
