import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import type { AnalyticsQueueMessage } from "../../../worker/contracts/analytics.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { listFunnel } from "../../../worker/domain/analytics/funnel.ts";
import { handleAnalyticsQueue } from "../../../worker/jobs/analytics-consumer.ts";

/*
 * The analytics queue consumer's two outputs (docs/decisions/036-events-out-of-d1.md): each delivery's raw events in
 * R2, one newline-delimited JSON object per UTC day, and daily rollups in D1 that a delivery repeated — as it was, or
 * regrouped with other messages — does not count twice.
 */

// 2026-11-20 23:59:00 UTC and a minute later, the next day.
const lateOnThe20th = Date.UTC(2026, 10, 20, 23, 59);
const earlyOnThe21st = lateOnThe20th + 2 * 60_000;
const suffix = String(Date.now() % 1_000_000);
const advertiser = buildAdvertiser(`roll-${suffix}`, lateOnThe20th);
const campaign = buildCampaign(`roll-${suffix}`, advertiser, "active", lateOnThe20th);

beforeAll(async () => {
  await env.DB.batch([insertAdvertiserStatement(env.DB, advertiser), insertCampaignStatement(env.DB, campaign)]);
});

function visit(
  device: string,
  events: Array<[id: string, name: string, occurredAt: number, properties: Record<string, string>]>,
): AnalyticsQueueMessage {
  return {
    deviceId: `${device}-${suffix}`,
    attribution: { utm_campaign: "spring" },
    events: events.map(([id, name, occurredAt, properties]) => ({ id: `${id}-${suffix}`, name, occurredAt, pagePath: "/", properties })),
    sessionUserId: null,
    receivedAt: earlyOnThe21st,
  };
}

const landing = { advertiser_id: advertiser.id };
const onCampaign = { campaign_id: campaign.id };
const messages = {
  a: visit("dev-a", [
    ["a-1", "landing_viewed", lateOnThe20th, landing],
    ["a-2", "sign_in_clicked", earlyOnThe21st, onCampaign],
  ]),
  b: visit("dev-b", [
    ["b-1", "landing_viewed", lateOnThe20th, landing],
    ["b-2", "landing_viewed", lateOnThe20th, landing],
  ]),
  c: visit("dev-a", [["c-1", "sign_in_clicked", earlyOnThe21st, onCampaign]]),
};

async function deliver(ids: Array<keyof typeof messages>) {
  const batch = createMessageBatch<AnalyticsQueueMessage>(
    "chorus-analytics",
    ids.map((id) => ({ id: `roll-${suffix}-${id}`, body: messages[id], attempts: 1, timestamp: new Date() })),
  );
  const ctx = createExecutionContext();
  await handleAnalyticsQueue(batch, env, ctx);
  return getQueueResult(batch, ctx);
}

async function dailyRows() {
  const { results } = await env.DB.prepare(
    `SELECT campaign_id, day, utm_campaign, event_type, events FROM funnel_daily WHERE advertiser_id = ? ORDER BY day, event_type, campaign_id`,
  )
    .bind(advertiser.id)
    .all();
  return results;
}

async function archivedKeys(day: string) {
  return (await env.ANALYTICS_ARCHIVE.list({ prefix: `analytics/events/day=${day}/` })).objects.map((object) => object.key);
}

describe("the analytics rollups", () => {
  it("archives a delivery per UTC day and counts it once, however often the queue delivers it", async () => {
    expect((await deliver(["a", "b"])).explicitAcks).toHaveLength(2);
    const on20th = await archivedKeys("2026-11-20");
    const on21st = await archivedKeys("2026-11-21");
    expect(on20th).toHaveLength(1);
    expect(on21st).toHaveLength(1);
    expect(on20th[0]).toMatch(/^analytics\/events\/day=2026-11-20\/[0-9a-f]{32}\.ndjson$/);
    const lines = ((await (await env.ANALYTICS_ARCHIVE.get(on20th[0] ?? ""))?.text()) ?? "").split("\n");
    // Three events of the 20th, one line each, and the final newline.
    expect(lines.map((line) => (line === "" ? "" : (JSON.parse(line) as { id: string }).id))).toEqual([
      `a-1-${suffix}`,
      `b-1-${suffix}`,
      `b-2-${suffix}`,
      "",
    ]);

    const expected = [
      { campaign_id: "", day: "2026-11-20", utm_campaign: "spring", event_type: "landing_viewed", events: 3 },
      { campaign_id: campaign.id, day: "2026-11-21", utm_campaign: "spring", event_type: "sign_in_clicked", events: 1 },
    ];
    expect(await dailyRows()).toEqual(expected);

    // The same delivery again, then one of its messages regrouped with a new one: only the new message counts.
    await deliver(["a", "b"]);
    expect(await dailyRows()).toEqual(expected);
    expect((await deliver(["b", "c"])).explicitAcks).toHaveLength(2);
    expect(await dailyRows()).toEqual([expected[0], { ...expected[1], events: 2 }]);
    // The regrouped delivery is another object: the archive is at least once, its lines carry the event ids.
    expect(await archivedKeys("2026-11-20")).toHaveLength(2);

    // Distinct devices: two landed (a, b), one of them signed in twice on the 21st.
    const funnel = await listFunnel({ db: env.DB }, { advertiserId: advertiser.id });
    expect(funnel.map((row) => [row.campaignId, row.utmCampaign, row.landingViews, row.signInClicks, row.joins])).toEqual([
      [campaign.id, "spring", 2, 1, 0],
    ]);
  });

  it("counts over a range of days", async () => {
    const onlyThe20th = await listFunnel({ db: env.DB }, { advertiserId: advertiser.id, days: { from: "2026-11-20", to: "2026-11-20" } });
    expect(onlyThe20th.map((row) => [row.landingViews, row.signInClicks])).toEqual([[2, 0]]);
    const onlyThe21st = await listFunnel({ db: env.DB }, { advertiserId: advertiser.id, days: { from: "2026-11-21", to: "2026-11-21" } });
    expect(onlyThe21st.map((row) => [row.landingViews, row.signInClicks])).toEqual([[0, 1]]);
  });
});
