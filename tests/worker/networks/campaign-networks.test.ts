import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { postOptionsSchema } from "../../../worker/contracts/posts.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { runScheduledWork } from "../../../worker/jobs/scheduler.ts";
import { buildCampaign } from "../../../fixtures/factories.ts";
import { defaultCampaignRules, defaultScoreWeights } from "../../../worker/contracts/campaign-rules.ts";
import { fixedClock } from "../../support/clock.ts";
import { TestBrowser } from "../support/browser.ts";
import { blueskyRecord, createBlueskyAccount, throughBluesky, uniqueHandle as uniqueBlueskyHandle } from "./bluesky-stand-in.ts";
import { fetchWorker } from "../support/fetch.ts";
import { apiTokenFor, insertAdvertiser, schedulerDeps, uniqueHandle } from "../support/rewards.ts";

/**
 * Campaigns choose their networks (docs/decisions/044-campaign-networks.md): a creator with both accounts posts to
 * each of the campaign's networks through that network's adapter (Bluesky through its stand-in, over real HTTP), the
 * post remembers its network, and the rules and scores are the network's: no view rule or weight on Bluesky.
 */

type Creator = { userId: string; apiToken: string; blueskyHandle: string };

/** A creator signed in with X (posting granted) who then links a Bluesky account to the same Chorus account. */
async function creatorOnBoth(prefix: string): Promise<Creator> {
  const browser = new TestBrowser();
  const handle = uniqueHandle(prefix);
  const start = await browser.fetch("/auth/twitter/write/login");
  const authorize = new URL(start.headers.get("location") ?? "");
  authorize.searchParams.set("emulator_login", handle);
  expect((await browser.follow(await browser.fetch(authorize.toString()))).status).toBe(302);
  const user = await env.DB.prepare(`SELECT id FROM users WHERE handle = ?`).bind(handle).first<{ id: string }>();
  if (user === null) throw new Error(`${handle} did not arrive`);
  const blueskyHandle = uniqueBlueskyHandle(prefix);
  await createBlueskyAccount(blueskyHandle);
  await throughBluesky(browser, `/auth/bluesky/link?handle=${blueskyHandle}`, blueskyHandle);
  return { userId: user.id, apiToken: await apiTokenFor(user.id), blueskyHandle };
}

function send(creator: Creator, body: Record<string, unknown>): Promise<Response> {
  return fetchWorker("/v1/action/post/create", {
    method: "POST",
    headers: { Authorization: `Bearer ${creator.apiToken}`, "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() },
    body: JSON.stringify(body),
  });
}

async function campaignOn(creator: Creator, networks: ("x" | "bluesky")[], minImpressions = 0) {
  const now = systemClock.now();
  const key = `networks-${crypto.randomUUID().slice(0, 8)}`;
  const advertiser = await insertAdvertiser(key);
  const campaign = buildCampaign(key, advertiser, "active", now, {
    startsAt: now - DAY,
    endsAt: now + 10 * DAY,
    fundedAt: now - DAY,
    networks,
    rules: { ...defaultCampaignRules, minImpressions },
    scoreWeights: defaultScoreWeights,
  });
  await env.DB.batch([
    insertCampaignStatement(env.DB, campaign),
    ...joinCampaignStatements(env.DB, campaign.id, creator.userId, now - HOUR),
  ]);
  return campaign;
}

async function postRow(postId: string) {
  return env.DB.prepare(`SELECT network, network_post_id, status, status_reasons FROM posts WHERE id = ?`).bind(postId).first<{
    network: string;
    network_post_id: string;
    status: string;
    status_reasons: string;
  }>();
}

// The first Bluesky call of a file loads the Bluesky adapter (its lexicons): slow on a loaded machine.
describe("a campaign on X and Bluesky", { timeout: 90_000 }, () => {
  it("offers both networks to a creator with both accounts, and publishes one post on each through its adapter", async () => {
    const creator = await creatorOnBoth("both");
    const campaign = await campaignOn(creator, ["x", "bluesky"]);

    const options = postOptionsSchema.parse(
      await (await fetchWorker("/v1/action/post/options", { headers: { Authorization: `Bearer ${creator.apiToken}` } })).json(),
    );
    expect(options.accounts).toEqual([
      { network: "x", canPublish: true },
      { network: "bluesky", canPublish: true },
    ]);
    expect(options.campaigns.find((each) => each.id === campaign.id)?.networks).toEqual(["x", "bluesky"]);

    // Its card says which networks it runs on, X first, with their names; so does a Bluesky-only campaign's.
    const blueskyOnly = await campaignOn(creator, ["bluesky"]);
    const dashboard = (await (
      await fetchWorker("/v1/page/dashboard", { headers: { Authorization: `Bearer ${creator.apiToken}` } })
    ).json()) as { joinedCampaigns: { id: string; networks: unknown }[] };
    const cardNetworks = (id: string) => dashboard.joinedCampaigns.find((card) => card.id === id)?.networks;
    expect(cardNetworks(campaign.id)).toEqual([
      { id: "x", name: "X" },
      { id: "bluesky", name: "Bluesky" },
    ]);
    expect(cardNetworks(blueskyOnly.id)).toEqual([{ id: "bluesky", name: "Bluesky" }]);

    const onBluesky = await send(creator, { content: "#ad Spring on Bluesky 🌷", campaignId: campaign.id, network: "bluesky" });
    expect(onBluesky.status).toBe(201);
    const blueskyPost = (await onBluesky.json()) as { id: string; network: string; networkPostId: string };
    expect(blueskyPost.network).toBe("bluesky");
    expect(blueskyPost.networkPostId).toMatch(/^at:\/\/did:[a-z]+:[^/]+\/app\.bsky\.feed\.post\/[a-z2-7]{13}$/);
    expect((await blueskyRecord(blueskyPost.networkPostId))?.text).toBe("#ad Spring on Bluesky 🌷");
    expect(await postRow(blueskyPost.id)).toMatchObject({ network: "bluesky", status: "evaluating" });

    const onX = await send(creator, { content: "#ad Spring on X", campaignId: campaign.id, network: "x" });
    expect(onX.status).toBe(201);
    const xPost = (await onX.json()) as { id: string; network: string; networkPostId: string };
    expect(xPost.network).toBe("x");
    expect(xPost.networkPostId).toMatch(/^\d+$/);

    // Without a network the post goes to X, as before campaigns chose networks.
    const unsaid = await send(creator, { content: "#ad Spring, network unsaid", campaignId: campaign.id });
    expect(((await unsaid.json()) as { network: string }).network).toBe("x");
  });

  it("refuses a network the campaign does not run on, and counts the length as the chosen network does", async () => {
    const creator = await creatorOnBoth("refuse");
    const blueskyOnly = await campaignOn(creator, ["bluesky"]);
    const toX = await send(creator, { content: "#ad Not here", campaignId: blueskyOnly.id, network: "x" });
    expect(toX.status).toBe(400);
    expect(await toX.json()).toMatchObject({
      code: "network_not_in_campaign",
      detail: [{ loc: ["body", "network"], msg: "the campaign runs on bluesky" }],
    });

    // 290 CJK characters: 584 as X weighs them, 294 graphemes on Bluesky.
    const cjk = `#ad ${"日".repeat(290)}`;
    const both = await campaignOn(creator, ["x", "bluesky"]);
    const tooLongOnX = await send(creator, { content: cjk, campaignId: both.id, network: "x" });
    expect(tooLongOnX.status).toBe(400);
    expect(await tooLongOnX.json()).toMatchObject({
      detail: [{ loc: ["body", "content"], msg: "is 584 characters as X counts them; X allows at most 280" }],
    });
    expect((await send(creator, { content: cjk, campaignId: both.id, network: "bluesky" })).status).toBe(201);
    const tooLongOnBluesky = await send(creator, { content: `${cjk}${"本".repeat(7)}`, campaignId: both.id, network: "bluesky" });
    expect(await tooLongOnBluesky.json()).toMatchObject({
      detail: [{ loc: ["body", "content"], msg: "is 301 characters as Bluesky counts them; Bluesky allows at most 300" }],
    });
  });

  it("polls each post on its own network and applies the view rule only where views exist", async () => {
    const creator = await creatorOnBoth("rules");
    // No post reaches a million views in a day: the rule fails on X and does not apply on Bluesky.
    const campaign = await campaignOn(creator, ["x", "bluesky"], 1_000_000);
    const bluesky = (await (
      await send(creator, { content: "#ad Views? None here", campaignId: campaign.id, network: "bluesky" })
    ).json()) as {
      id: string;
    };
    const x = (await (await send(creator, { content: "#ad Views count here", campaignId: campaign.id, network: "x" })).json()) as {
      id: string;
    };

    const report = await runScheduledWork(schedulerDeps(fixedClock(systemClock.now() + 49 * HOUR)));
    expect(report.polling.failed).toBe(0);

    const onBluesky = await postRow(bluesky.id);
    expect(onBluesky?.status).toBe("eligible");
    expect(JSON.parse(onBluesky?.status_reasons ?? "[]")).toEqual([{ code: "meets-rules", message: "Meets every rule of the campaign." }]);
    const onX = await postRow(x.id);
    expect(onX?.status).toBe("not-eligible");
    expect((JSON.parse(onX?.status_reasons ?? "[]") as { code: string }[]).map((reason) => reason.code)).toEqual(["below-min-impressions"]);
    const polled = await env.DB.prepare(`SELECT impressions, bookmarks, read_text FROM post_metrics WHERE post_id = ?`)
      .bind(bluesky.id)
      .first();
    expect(polled).toEqual({ impressions: 0, bookmarks: 0, read_text: "#ad Views? None here" });
  });
});
