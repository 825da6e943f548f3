import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR, systemClock } from "../../../worker/clock.ts";
import { consoleCampaignListSchema, consoleCampaignSchema } from "../../../worker/contracts/advertiser-campaigns.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { markFundedStatement } from "../../../worker/db/reward-campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { capabilitiesFor } from "../../../worker/capabilities.ts";
import { allCampaignsPage } from "../../../worker/loaders/campaigns.server.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * Unfunded campaigns (docs/decisions/032-spec-server-items.md section 3): a campaign whose start passed without
 * funding, or whose end passed, is not listed as starting soon and cannot be joined; its advertiser sees why it has
 * not started.
 */

const now = Date.now();
const advertiser = buildAdvertiser("unfunded-ads", now, { name: "Unfunded Ads" });
const owner = buildUser("unfunded_owner", now);
const creator = buildUser("unfunded_cora", now);

const campaigns = {
  /** Its start passed an hour ago; nobody funded it. */
  startPassedUnfunded: buildCampaign("start-passed-unfunded", advertiser, "inactive", now, {
    title: "Start passed, unfunded",
    startsAt: now - HOUR,
    endsAt: now + 20 * DAY,
  }),
  /** Starts tomorrow; not funded yet, but it still can be. */
  upcomingUnfunded: buildCampaign("upcoming-unfunded", advertiser, "inactive", now, {
    title: "Upcoming, unfunded",
    startsAt: now + DAY,
    endsAt: now + 20 * DAY,
  }),
  /** Funded; its start passed a moment ago and the scheduler has not moved it yet. */
  startPassedFunded: buildCampaign("start-passed-funded", advertiser, "inactive", now, {
    title: "Start passed, funded",
    startsAt: now - 60_000,
    endsAt: now + 20 * DAY,
  }),
  /** Never funded, and its end passed too. */
  endPassed: buildCampaign("end-passed", advertiser, "inactive", now, {
    title: "End passed",
    startsAt: now - 20 * DAY,
    endsAt: now - DAY,
  }),
  /** Running until a minute ago; the scheduler has not moved it to evaluating yet. */
  activeEndPassed: buildCampaign("active-end-passed", advertiser, "active", now, {
    title: "Active, end passed",
    startsAt: now - 20 * DAY,
    endsAt: now - 60_000,
  }),
};

let creatorBearer = "";
let ownerBearer = "";

function join(campaignId: string) {
  return fetchWorker(`/v1/page/campaign/${campaignId}/join`, {
    method: "POST",
    headers: { Authorization: creatorBearer, "Content-Type": "application/json" },
    body: "{}",
  });
}

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    ...insertUserStatements(env.DB, owner, ["creator"]),
    ...insertUserStatements(env.DB, creator, ["creator"]),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: owner.id, role: "owner", invitedBy: null, createdAt: now }),
    ...Object.values(campaigns).map((campaign) => insertCampaignStatement(env.DB, campaign)),
    markFundedStatement(env.DB, campaigns.startPassedFunded.id, now - DAY),
    markFundedStatement(env.DB, campaigns.activeEndPassed.id, now - 21 * DAY),
  ]);
  [creatorBearer, ownerBearer] = await Promise.all([bearerFor(creator.id), bearerFor(owner.id)]);
});

describe("creators", () => {
  it("see as starting soon only the campaigns that can still start", async () => {
    const page = await allCampaignsPage(capabilitiesFor(env, systemClock), creator.id);
    expect(page.upcoming.map((card) => card.title).sort()).toEqual(["Start passed, funded", "Upcoming, unfunded"]);
  });

  it("cannot join a campaign whose start passed without funding, or whose end passed, and are told why", async () => {
    const notStarted = await join(campaigns.startPassedUnfunded.id);
    expect(notStarted.status).toBe(409);
    expect(errorBodySchema.parse(await notStarted.json())).toMatchObject({
      code: "campaign_not_started",
      message: "This campaign has not started: its start date passed before the advertiser funded it. It can be joined once it is funded.",
    });
    for (const ended of [campaigns.endPassed, campaigns.activeEndPassed]) {
      const refused = await join(ended.id);
      expect(refused.status, ended.title).toBe(409);
      expect(errorBodySchema.parse(await refused.json())).toMatchObject({
        code: "campaign_closed",
        message: "This campaign has ended, so it cannot be joined any more.",
      });
    }
    const participants = await env.DB.prepare(`SELECT campaign_id FROM campaign_participants WHERE user_id = ?`).bind(creator.id).all();
    expect(participants.results).toEqual([]);
  });

  it("can join a campaign that starts later, or whose funded start just came", async () => {
    for (const joinable of [campaigns.upcomingUnfunded, campaigns.startPassedFunded]) {
      const joined = await join(joinable.id);
      expect(joined.status, `${joinable.title}: ${await joined.clone().text()}`).toBe(201);
    }
  });
});

describe("the advertiser", () => {
  it("sees which campaigns have not started for want of funding, in the API and on the console's pages", async () => {
    const list = consoleCampaignListSchema.parse(
      await (await fetchWorker(`/v1/advertiser/${advertiser.id}/campaigns`, { headers: { Authorization: ownerBearer } })).json(),
    );
    expect(Object.fromEntries(list.campaigns.map((campaign) => [campaign.title, campaign.notStartedReason]))).toEqual({
      "Start passed, unfunded": "not-funded",
      "Upcoming, unfunded": null,
      "Start passed, funded": null,
      "End passed": "not-funded",
      "Active, end passed": null,
    });
    const one = consoleCampaignSchema.parse(
      await (
        await fetchWorker(`/v1/advertiser/${advertiser.id}/campaigns/${campaigns.startPassedUnfunded.id}`, {
          headers: { Authorization: ownerBearer },
        })
      ).json(),
    );
    expect(one.notStartedReason).toBe("not-funded");

    const cookie = await sessionCookieFor(owner.id);
    const listPage = await fetchPage(`/advertiser/${advertiser.id}/campaigns`, cookie);
    expect(listPage.status).toBe(200);
    expect((await listPage.text()).match(/Not started: not funded/g)).toHaveLength(2);
    const campaignPage = await fetchPage(`/advertiser/${advertiser.id}/campaigns/${campaigns.startPassedUnfunded.id}`, cookie);
    expect(await campaignPage.text()).toContain("Not started: not funded");
  });
});
