import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { buildAdvertiser, buildCampaign } from "../../../fixtures/factories.ts";
import { insertAdvertiserStatement } from "../../../worker/db/advertisers.ts";
import { insertCampaignStatement } from "../../../worker/db/campaigns.ts";
import { migrationStatements } from "../support/migration-backfills.ts";

/*
 * Migration 0027 (docs/decisions/036-events-out-of-d1.md) backfills the daily rollups from the events D1 held and
 * drops them. Run here again on events written the way the old consumer wrote them: the old table is made again
 * from migration 0012's own statement, and 0027's inserts and drop run on it.
 */

// 2026-11-20 10:00 UTC, and the next day.
const on20th = Date.UTC(2026, 10, 20, 10);
const on21st = on20th + 24 * 3_600_000;
const advertiser = buildAdvertiser("backfill", on20th);
const campaign = buildCampaign("backfill", advertiser, "active", on20th);

describe("migration 0027's backfill", () => {
  it("rolls the stored events up per advertiser, campaign, day, utm campaign and step, then drops them", async () => {
    await env.DB.batch([insertAdvertiserStatement(env.DB, advertiser), insertCampaignStatement(env.DB, campaign)]);
    const createOld = migrationStatements("0012_").find((statement) => statement.includes("CREATE TABLE analytics_events"));
    if (createOld === undefined) throw new Error("migration 0012 no longer creates analytics_events");
    await env.DB.prepare(createOld).run();
    const insert = (
      id: string,
      name: string,
      device: string,
      advertiserId: string | null,
      campaignId: string | null,
      utm: string | null,
      at: number,
    ) =>
      env.DB.prepare(
        `INSERT INTO analytics_events (id, name, device_id, page_path, advertiser_id, campaign_id, utm_campaign, occurred_at, received_at)
         VALUES (?, ?, ?, '/', ?, ?, ?, ?, ?)`,
      ).bind(id, name, device, advertiserId, campaignId, utm, at, at);
    await env.DB.batch([
      insert("e1", "landing_viewed", "d1", advertiser.id, null, "spring", on20th),
      insert("e2", "landing_viewed", "d1", advertiser.id, null, "spring", on20th + 60_000),
      insert("e3", "landing_viewed", "d2", advertiser.id, null, null, on20th),
      insert("e4", "sign_in_clicked", "d1", null, campaign.id, "spring", on21st),
      insert("e5", "user_site_redirected", "d1", null, campaign.id, "spring", on21st),
      // Nowhere to count: a campaign and an advertiser that do not exist.
      insert("e6", "sign_in_clicked", "d3", null, "campaign-gone", null, on20th),
      insert("e7", "landing_viewed", "d3", "advertiser-gone", null, null, on20th),
    ]);

    // A statement may begin with the comment lines above it in the file.
    const withoutLeadingComments = (statement: string) => statement.replace(/^(\s*--[^\n]*\n)*/, "");
    for (const statement of migrationStatements("0027_").filter((candidate) =>
      /^\s*(INSERT|DROP)/.test(withoutLeadingComments(candidate)),
    )) {
      await env.DB.prepare(statement).run();
    }

    const daily = await env.DB.prepare(
      `SELECT advertiser_id, campaign_id, day, utm_campaign, event_type, events FROM funnel_daily ORDER BY day, event_type, utm_campaign`,
    ).all();
    expect(daily.results).toEqual([
      { advertiser_id: advertiser.id, campaign_id: "", day: "2026-11-20", utm_campaign: "", event_type: "landing_viewed", events: 1 },
      { advertiser_id: advertiser.id, campaign_id: "", day: "2026-11-20", utm_campaign: "spring", event_type: "landing_viewed", events: 2 },
      {
        advertiser_id: advertiser.id,
        campaign_id: campaign.id,
        day: "2026-11-21",
        utm_campaign: "spring",
        event_type: "sign_in_clicked",
        events: 1,
      },
      {
        advertiser_id: advertiser.id,
        campaign_id: campaign.id,
        day: "2026-11-21",
        utm_campaign: "spring",
        event_type: "user_site_redirected",
        events: 1,
      },
    ]);
    const devices = await env.DB.prepare(
      `SELECT campaign_id, day, event_type, utm_campaign, device_id FROM funnel_daily_devices ORDER BY day, event_type, device_id`,
    ).all();
    expect(devices.results).toEqual([
      { campaign_id: "", day: "2026-11-20", event_type: "landing_viewed", utm_campaign: "spring", device_id: "d1" },
      { campaign_id: "", day: "2026-11-20", event_type: "landing_viewed", utm_campaign: "", device_id: "d2" },
      { campaign_id: campaign.id, day: "2026-11-21", event_type: "sign_in_clicked", utm_campaign: "spring", device_id: "d1" },
    ]);
    const old = await env.DB.prepare(`SELECT name FROM sqlite_master WHERE name = 'analytics_events'`).all();
    expect(old.results).toEqual([]);
  });
});
