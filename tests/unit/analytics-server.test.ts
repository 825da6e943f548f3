import { describe, expect, it } from "vitest";
import { eventRowsOf } from "../../worker/domain/analytics/event-rows.ts";

describe("the rows a queue message stores", () => {
  const message = {
    deviceId: "device-1",
    attribution: { utm_campaign: "spring", first_utm_source: "podcast", invite_id: "inv-9" },
    events: [
      {
        id: "event-0001",
        name: "sign_in_clicked",
        occurredAt: 1_000,
        pagePath: "/campaign/c-1",
        referrer: "",
        properties: { campaign_id: "c-1", advertiser_id: "a".repeat(65) },
      },
      {
        id: "event-0002",
        name: "landing_viewed",
        occurredAt: 2_000,
        pagePath: "/landing/aurora",
        properties: { advertiser_id: "advertiser-aurora", campaign_id: 42 },
      },
      { id: "event-0003", name: "user_site_redirected", occurredAt: 3_000, pagePath: "/" },
    ],
    sessionUserId: "user-1",
    receivedAt: 5_000,
  };

  it("places campaign and advertiser ids in their columns only when they look like ids, and keeps every property", () => {
    const rows = eventRowsOf(message);
    expect(rows.map((row) => [row.campaignId, row.advertiserId])).toEqual([
      ["c-1", null],
      [null, "advertiser-aurora"],
      [null, null],
    ]);
    expect(JSON.parse(rows[1]?.properties ?? "")).toEqual({ advertiser_id: "advertiser-aurora", campaign_id: 42 });
    expect(rows[2]?.properties).toBe("{}");
  });

  it("gives every event the batch's device, attribution and session user, and an empty referrer as none", () => {
    const [first] = eventRowsOf(message);
    expect(first).toMatchObject({
      deviceId: "device-1",
      userId: "user-1",
      referrer: null,
      utmCampaign: "spring",
      utmSource: null,
      firstUtmSource: "podcast",
      inviteId: "inv-9",
      occurredAt: 1_000,
      receivedAt: 5_000,
    });
  });
});
