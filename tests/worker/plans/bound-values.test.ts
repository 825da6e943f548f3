import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { joinCampaignStatements } from "../../../worker/db/memberships.ts";
import { insertPostStatement } from "../../../worker/db/posts.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { buildAdvertiser, buildCampaign, buildPost, buildUser } from "../../../fixtures/factories.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/** More campaigns per status than D1 lets one statement bind (100 values), so a list bound value by value fails. */
const MANY = 120;

const now = systemClock.now();
const advertiser = buildAdvertiser("crowded", now, { name: "Crowded Co" });
const creator = buildUser("many_joins", now);
const active = Array.from({ length: MANY }, (_, index) => buildCampaign(`crowd-active-${index}`, advertiser, "active", now));
const evaluated = Array.from({ length: MANY }, (_, index) => buildCampaign(`crowd-evaluated-${index}`, advertiser, "evaluated", now));
// A creator with a long history: campaigns that ended long ago, and one running.
const veteran = buildUser("long_history", now);
const running = buildCampaign("veteran-running", advertiser, "active", now);
// A creator who joined every running campaign but the one ending last.
const eager = buildUser("eager_joiner", now);

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    ...insertUserStatements(env.DB, creator, ["creator"]),
    ...[...active, ...evaluated].map((campaign) => insertCampaignStatement(env.DB, campaign)),
    ...[...active, ...evaluated].flatMap((campaign) => joinCampaignStatements(env.DB, campaign.id, creator.id, now - 1000)),
    ...evaluated.map((campaign, index) => insertPostStatement(env.DB, buildPost(`crowd-${index}`, campaign, creator, "rewarded", now))),
    ...insertUserStatements(env.DB, veteran, ["creator"]),
    insertCampaignStatement(env.DB, running),
    ...[...evaluated, running].flatMap((campaign) => joinCampaignStatements(env.DB, campaign.id, veteran.id, now - 1000)),
    ...insertUserStatements(env.DB, eager, ["creator"]),
    ...active.flatMap((campaign) => joinCampaignStatements(env.DB, campaign.id, eager.id, now - 1000)),
  ]);
});

describe("lists with more campaigns than one statement can bind", () => {
  it(`shows /campaigns with ${MANY} public campaigns of one status, each marked joined`, async () => {
    const response = await fetchPage("/campaigns", await sessionCookieFor(creator.id));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(active[0]?.title);
  });

  it(`shows /past-campaigns with ${MANY} ended campaigns a page of 24 at a time, latest first, each once`, async () => {
    const cookie = await sessionCookieFor(creator.id);
    const pages: string[][] = [];
    let path: string | null = "/past-campaigns";
    while (path !== null && pages.length < 10) {
      const response = await fetchPage(path, cookie);
      expect(response.status).toBe(200);
      const html = await response.text();
      pages.push([...new Set([...html.matchAll(/href="\/campaign\/(campaign-crowd-evaluated-\d+)"/g)].map((match) => match[1] ?? ""))]);
      path = /href="(\/past-campaigns\?before=[^"]+)"/.exec(html)?.[1] ?? null;
    }
    // 120 campaigns ending at the same moment: 24 + 24 + 24 + 24 + 24, the ties by id, descending.
    expect(pages.map((page) => page.length)).toEqual([24, 24, 24, 24, 24]);
    expect(pages[0]?.[0]).toBe("campaign-crowd-evaluated-99");
    const shown = pages.flat();
    expect(new Set(shown).size).toBe(MANY);
    expect([...shown].sort()).toEqual(evaluated.map((campaign) => campaign.id).sort());
  });

  it("answers the dashboard of a creator who joined them all", async () => {
    const response = await fetchWorker("/v1/page/dashboard", { headers: { Authorization: await bearerFor(creator.id) } });
    expect(response.status).toBe(200);
  });

  it(`shows a running campaign on the dashboard of a creator who took part in ${MANY} that ended before it`, async () => {
    const response = await fetchWorker("/v1/page/dashboard", { headers: { Authorization: await bearerFor(veteran.id) } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { joinedCampaigns: { id: string }[] };
    expect(page.joinedCampaigns.map((campaign) => campaign.id)).toEqual([running.id]);
  });

  it(`offers the one running campaign left to join to a creator who joined the ${MANY} ending before it`, async () => {
    const response = await fetchWorker("/v1/page/dashboard", { headers: { Authorization: await bearerFor(eager.id) } });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { openCampaigns: { id: string }[] };
    expect(page.openCampaigns.map((campaign) => campaign.id)).toEqual([running.id]);
  });
});
