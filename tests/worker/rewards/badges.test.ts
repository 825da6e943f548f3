import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { earnRewards, newCreator } from "../support/withdrawals.ts";

/*
 * The badge of a creator's first rewarded post (docs/decisions/032-spec-server-items.md section 2): produced by the
 * evaluation that pays the reward, once per creator, whatever campaigns reward them later.
 */

async function badgesOf(userId: string) {
  const rows = await env.DB.prepare(
    `SELECT event_type, title, body, link, campaign_id, dedupe_key FROM notifications WHERE user_id = ? AND event_type = 'vlayer-badge'`,
  )
    .bind(userId)
    .all<{ event_type: string; title: string; body: string; link: string; campaign_id: string; dedupe_key: string }>();
  return rows.results;
}

async function rewardedCampaignOf(postId: string): Promise<{ id: string; title: string }> {
  const row = await env.DB.prepare(`SELECT c.id, c.title FROM posts p JOIN campaigns c ON c.id = p.campaign_id WHERE p.id = ?`)
    .bind(postId)
    .first<{ id: string; title: string }>();
  if (row === null) throw new Error(`No campaign for post ${postId}`);
  return row;
}

describe("the first-rewarded-post badge", () => {
  it("comes with the evaluation that first rewards a creator, and never again", async () => {
    const creator = await newCreator("badge_first");
    expect(await badgesOf(creator.userId)).toEqual([]);

    const [firstPost] = await earnRewards(creator, [2_000_000, 1_000_000]);
    const campaign = await rewardedCampaignOf(firstPost ?? "");
    expect(await badgesOf(creator.userId)).toEqual([
      {
        event_type: "vlayer-badge",
        title: "Badge earned: first rewarded post",
        body: `Your first post to earn a reward was in ${campaign.title}. Keep posting to earn more.`,
        link: `/campaign/${campaign.id}`,
        campaign_id: campaign.id,
        dedupe_key: `badge:first-rewarded-post:${creator.userId}`,
      },
    ]);

    // A second campaign rewards them too: the badge stays the one of their first.
    await earnRewards(creator, [3_000_000]);
    expect((await badgesOf(creator.userId)).map((badge) => badge.campaign_id)).toEqual([campaign.id]);
  });

  it("is not given to a creator whose first reward came before (a reward in another campaign)", async () => {
    const creator = await newCreator("badge_earlier");
    await earnRewards(creator, [1_000_000]);
    // As if that reward had been paid before badges existed.
    await env.DB.prepare(`DELETE FROM notifications WHERE user_id = ? AND event_type = 'vlayer-badge'`).bind(creator.userId).run();

    await earnRewards(creator, [4_000_000]);
    expect(await badgesOf(creator.userId)).toEqual([]);
  });
});
