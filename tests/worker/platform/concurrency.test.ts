import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, systemClock } from "../../../worker/clock.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertPostStatement } from "../../../worker/db/posts.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { signInThroughX, tokensOf } from "../support/browser.ts";
import { fetchWorker } from "../support/fetch.ts";
import { apiTokenFor, confirmPayout, creatorOnX, uniqueHandle } from "../support/rewards.ts";

/*
 * The same request many times at once, as a double-clicking person, a retrying client or a script sends it
 * (docs/decisions/027-fuzzing-and-concurrency.md): each must have the effect of one.
 */

const PARALLEL = 50;

function times<T>(count: number, make: (index: number) => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => make(index)));
}

async function count(sql: string, ...values: unknown[]): Promise<number> {
  return Number(
    await env.DB.prepare(sql)
      .bind(...values)
      .first("n"),
  );
}

async function campaignOf(key: string, status: "active" | "ending") {
  const now = systemClock.now();
  const advertiser = buildAdvertiser(`parallel-${key}`, now);
  const window = status === "active" ? { startsAt: now - 8 * DAY, endsAt: now + 6 * DAY } : {};
  const campaign = buildCampaign(`parallel-${key}`, advertiser, status, now, { title: `Parallel ${key}`, ...window });
  await env.DB.batch([insertAdvertiserStatement(env.DB, advertiser), insertCampaignStatement(env.DB, campaign)]);
  return campaign;
}

describe("the same request 50 times at once", () => {
  it("joins a campaign once for 50 parallel joins by one creator", async () => {
    const campaign = await campaignOf("join", "active");
    const creator = buildUser(uniqueHandle("joiner"), systemClock.now());
    await env.DB.batch(insertUserStatements(env.DB, creator, ["creator"]));
    const bearer = `Bearer ${await apiTokenFor(creator.id)}`;

    const responses = await times(PARALLEL, () =>
      fetchWorker(`/v1/page/campaign/${campaign.id}/join`, { method: "POST", headers: { Authorization: bearer } }),
    );

    // The first join is new (201); every other answer says the creator had already joined (200).
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 201),
      statuses.join(","),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 200)).toHaveLength(PARALLEL - 1);
    const bodies = (await Promise.all(responses.map((response) => response.json()))) as { joined: boolean }[];
    expect(bodies.every((body) => body.joined)).toBe(true);
    expect(
      await count(`SELECT COUNT(*) AS n FROM campaign_participants WHERE campaign_id = ? AND user_id = ?`, campaign.id, creator.id),
    ).toBe(1);
    // One "you joined" in the creator's inbox, not one per request.
    expect(await count(`SELECT COUNT(*) AS n FROM notifications WHERE user_id = ? AND event_type = 'campaign-joined'`, creator.id)).toBe(1);
  });

  it("claims a creator's eligible posts once for 50 parallel payout confirmations", async () => {
    const campaign = await campaignOf("claim", "ending");
    const creator = buildUser(uniqueHandle("claimer"), systemClock.now());
    const posts = ["one", "two", "three"].map((key) =>
      buildPost(`parallel-claim-${key}`, campaign, creator, "eligible", systemClock.now()),
    );
    await env.DB.batch([
      ...insertUserStatements(env.DB, creator, ["creator"]),
      ...joinCampaignStatements(env.DB, campaign.id, creator.id, campaign.startsAt),
      ...posts.map((post) => insertPostStatement(env.DB, post)),
    ]);
    const token = await apiTokenFor(creator.id);

    const responses = await times(PARALLEL, () => confirmPayout(campaign.id, token));

    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status !== 200)).toEqual(Array.from({ length: PARALLEL - 1 }, () => 409));
    const claimed = (await responses[statuses.indexOf(200)]?.json()) as { claimed: number };
    expect(claimed.claimed).toBe(3);
    expect(
      await count(`SELECT COUNT(*) AS n FROM payout_confirmations WHERE campaign_id = ? AND user_id = ?`, campaign.id, creator.id),
    ).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM posts WHERE campaign_id = ? AND status = 'claimed'`, campaign.id)).toBe(3);
  });

  it("publishes one post on X for 50 parallel creations with one idempotency key", async () => {
    const creator = await creatorOnX("racer");
    const campaign = await campaignOf("post", "active");
    await env.DB.batch(joinCampaignStatements(env.DB, campaign.id, creator.userId, systemClock.now() - DAY));
    const content = `#ad Fifty presses ${crypto.randomUUID().slice(0, 8)}`;
    const idempotencyKey = crypto.randomUUID();

    const responses = await times(PARALLEL, () =>
      fetchWorker("/v1/action/post/create", {
        method: "POST",
        headers: { Authorization: `Bearer ${creator.apiToken}`, "Content-Type": "application/json", "Idempotency-Key": idempotencyKey },
        body: JSON.stringify({ content, campaignId: campaign.id }),
      }),
    );

    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 201),
      statuses.join(","),
    ).toHaveLength(1);
    expect(
      statuses.every((status) => status === 200 || status === 201 || status === 409),
      statuses.join(","),
    ).toBe(true);
    const published = (await Promise.all(responses.filter((response) => response.status < 300).map((response) => response.json()))) as {
      id: string;
      networkPostId: string;
    }[];
    expect(new Set(published.map((post) => post.id)).size).toBe(1);
    expect(new Set(published.map((post) => post.networkPostId)).size).toBe(1);
    expect(await count(`SELECT COUNT(*) AS n FROM posts WHERE user_id = ?`, creator.userId)).toBe(1);
    const onX = await (await fetch(`${env.X_API_BASE_URL}/`)).text();
    expect(onX.split(content).length - 1).toBe(1);
  });

  it("rotates a refresh token once for 10 parallel refreshes, and the honest client keeps its session", async () => {
    const { browser } = await signInThroughX(uniqueHandle("tabs"));
    const pair = await tokensOf(browser);

    const responses = await times(10, () =>
      fetchWorker("/auth/token", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(pair) }),
    );

    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 200),
      statuses.join(","),
    ).toHaveLength(1);
    expect(statuses.filter((status) => status === 401)).toHaveLength(9);
    const winner = (await responses[statuses.indexOf(200)]?.json()) as { accessToken: string; refreshToken: string };
    expect(winner.refreshToken).not.toBe(pair.refreshToken);
    // Racing tabs within the grace window do not end the session: the new pair keeps working.
    const profile = await fetchWorker("/auth/profile", { headers: { Authorization: `Bearer ${winner.accessToken}` } });
    expect(profile.status).toBe(200);
    const next = await fetchWorker("/auth/token", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(winner),
    });
    expect(next.status).toBe(200);
  });
});
