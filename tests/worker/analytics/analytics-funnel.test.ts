import { env } from "cloudflare:test";
import { seedDemoAnalytics } from "../../../fixtures/demo-analytics.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { fixedClock } from "../../support/clock.ts";
import { beforeAll, describe, expect, it } from "vitest";
import type { AnalyticsEvent, AnalyticsQueueMessage } from "../../../worker/contracts/analytics.ts";
import { insertMemberStatement } from "../../../worker/db/advertiser-members.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { listFunnel } from "../../../worker/domain/analytics/funnel.ts";
import { storeAnalyticsMessages } from "../../../worker/domain/analytics/store-events.ts";
import { buildAdvertiser, buildCampaign, buildUser } from "../../../fixtures/factories.ts";
import { fetchPage } from "../support/fetch.ts";
import { sessionCookieFor } from "../support/sessions.ts";

/*
 * The landing → sign-in → join funnel (docs/decisions/022-analytics-and-telemetry.md) over a known set of events:
 * distinct devices per step, per campaign and utm campaign; a landing view names only the advertiser and counts
 * toward each of its published campaigns.
 */

const now = Date.now();
const suffix = String(now % 1_000_000);
const advertiser = buildAdvertiser(`fun-${suffix}`, now, { name: `Funnel Co ${suffix}` });
const other = buildAdvertiser(`fun-other-${suffix}`, now);
const member = buildUser(`fun_member_${suffix}`, now);
const main = buildCampaign(`fun-main-${suffix}`, advertiser, "active", now, { title: "Main push" });
const side = buildCampaign(`fun-side-${suffix}`, advertiser, "active", now, { title: "Side quest" });
const draft = { ...buildCampaign(`fun-draft-${suffix}`, advertiser, "inactive", now), publishedAt: null };
const foreign = buildCampaign(`fun-foreign-${suffix}`, other, "active", now);
const quiet = buildAdvertiser(`fun-quiet-${suffix}`, now);
const quietCampaign = buildCampaign(`fun-quiet-${suffix}`, quiet, "active", now);

let sequence = 0;
function visit(
  device: string,
  utmCampaign: string | null,
  events: Array<[name: string, properties: Record<string, string>]>,
): AnalyticsQueueMessage {
  return {
    deviceId: `${device}-${suffix}`,
    ...(utmCampaign === null ? {} : { attribution: { utm_source: "x", utm_campaign: utmCampaign } }),
    events: events.map(([name, properties]): AnalyticsEvent => {
      sequence += 1;
      return { id: `fun-${suffix}-${sequence}`, name, occurredAt: now - sequence * 1000, pagePath: "/", properties };
    }),
    sessionUserId: null,
    receivedAt: now,
  };
}

const landing: [string, Record<string, string>] = ["landing_viewed", { advertiser_id: advertiser.id }];
const signIn = (campaignId: string): [string, Record<string, string>] => ["sign_in_clicked", { campaign_id: campaignId }];
const join = (campaignId: string): [string, Record<string, string>] => ["campaign_joined", { campaign_id: campaignId }];

beforeAll(async () => {
  await env.DB.batch([
    insertAdvertiserStatement(env.DB, advertiser),
    insertAdvertiserStatement(env.DB, other),
    insertAdvertiserStatement(env.DB, quiet),
    ...insertUserStatements(env.DB, member, ["creator"]),
    insertMemberStatement(env.DB, { advertiserId: advertiser.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    insertMemberStatement(env.DB, { advertiserId: quiet.id, userId: member.id, role: "owner", invitedBy: null, createdAt: now }),
    ...[main, side, draft, foreign, quietCampaign].map((campaign) => insertCampaignStatement(env.DB, campaign)),
  ]);
  const messages = [
    // Three devices from the "spring" utm campaign: all view the landing page, two sign in from Main, one joins it.
    visit("d1", "spring", [landing, landing, signIn(main.id), join(main.id)]),
    visit("d2", "spring", [landing, signIn(main.id), signIn(main.id)]),
    visit("d3", "spring", [landing]),
    // One device without a utm campaign views the landing page and signs in from Side.
    visit("d4", null, [landing, signIn(side.id)]),
    // Another advertiser's campaign, and an event outside the funnel.
    visit("d5", "spring", [signIn(foreign.id), ["user_site_redirected", { campaign_id: main.id }]]),
  ];
  await storeAnalyticsMessages(
    { db: env.DB, clock: fixedClock(now), eventArchive: env.ANALYTICS_ARCHIVE },
    messages.map((body, index) => ({ id: `fun-msg-${suffix}-${index}`, body })),
  );
});

describe("the landing → sign-in → join funnel", () => {
  it("counts distinct devices per step, per campaign and utm campaign, landing views toward every published campaign", async () => {
    const rows = await listFunnel({ db: env.DB }, { advertiserId: advertiser.id });
    const shape = (row: (typeof rows)[number]) => [row.campaignName, row.utmCampaign, row.landingViews, row.signInClicks, row.joins];
    expect(rows.map(shape).sort()).toEqual(
      [
        ["Main push", "spring", 3, 2, 1],
        ["Main push", null, 1, 0, 0],
        ["Side quest", "spring", 3, 0, 0],
        ["Side quest", null, 1, 1, 0],
      ].sort(),
    );
    expect(rows.every((row) => row.advertiserId === advertiser.id && row.advertiserName === advertiser.name)).toBe(true);
  });

  it("narrows to one campaign, and to nothing for an advertiser without events", async () => {
    const rows = await listFunnel({ db: env.DB }, { advertiserId: advertiser.id, campaignId: main.id });
    expect(rows.map((row) => [row.campaignId, row.utmCampaign, row.landingViews, row.signInClicks, row.joins])).toEqual([
      [main.id, "spring", 3, 2, 1],
      [main.id, null, 1, 0, 0],
    ]);
    expect(await listFunnel({ db: env.DB }, { advertiserId: quiet.id })).toEqual([]);
    const all = await listFunnel({ db: env.DB }, {});
    expect(all.filter((row) => row.campaignId === foreign.id).map((row) => row.signInClicks)).toEqual([1]);
  });

  it("shows on the advertiser's reports with percentages, and an empty state without events", async () => {
    const cookie = await sessionCookieFor(member.id);
    const account = await fetchPage(`/advertiser/${advertiser.id}/reports`, cookie);
    expect(account.status).toBe(200);
    const html = await account.text();
    expect(html).toContain("Landing → Sign-in → Join");
    // Main push / spring: 2 of 3 landed visitors signed in, 1 of 2 joined.
    expect(html).toMatch(/Main push<\/td><th scope="row">spring<\/th><td>3<\/td><td>2<\/td><td>66\.7%<\/td><td>1<\/td><td>50\.0%<\/td>/);
    const campaign = await (await fetchPage(`/advertiser/${advertiser.id}/campaigns/${side.id}/report`, cookie)).text();
    expect(campaign).not.toContain("Main push</td>");
    expect(campaign).toMatch(/<th scope="row">spring<\/th><td>3<\/td><td>0<\/td><td>0\.0%<\/td><td>0<\/td><td>—<\/td>/);
    const empty = await (await fetchPage(`/advertiser/${quiet.id}/reports`, cookie)).text();
    expect(empty).toContain("Events appear here once visitors who allow analytics arrive");
  });

  it("is not empty in the demo: two utm campaigns for aurora's and nimbus's campaigns, and seeding again adds nothing", async () => {
    const clock = fixedClock(now);
    await seedDemoData(env.DB, clock);
    const added = await seedDemoAnalytics(env.DB, env.ANALYTICS_ARCHIVE, clock);
    expect(added).toBeGreaterThan(200);
    expect(await seedDemoAnalytics(env.DB, env.ANALYTICS_ARCHIVE, clock)).toBe(0);
    for (const advertiserId of ["advertiser-aurora", "advertiser-nimbus"]) {
      const rows = await listFunnel({ db: env.DB }, { advertiserId });
      expect(new Set(rows.map((row) => row.utmCampaign))).toEqual(new Set(["launch-week", "creator-spotlight", null]));
      expect(rows.every((row) => row.landingViews >= row.signInClicks && row.signInClicks >= row.joins)).toBe(true);
      expect(rows.some((row) => row.joins > 0)).toBe(true);
    }
  });
});
