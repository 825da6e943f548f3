import { describe, expect, it } from "vitest";
import { analyticsAttributes, propertyNameOf, trackedClickOf } from "../../app/lib/analytics/click-attributes.ts";
import { routeChangeEvent } from "../../app/lib/analytics/route-change.ts";

const attributes = (record: Record<string, string>) => Object.entries(record).map(([name, value]) => ({ name, value }));

describe("click tracking attributes", () => {
  it("turns every other data-analytics-* attribute into a property, prefix removed and dashes made underscores", () => {
    expect(
      trackedClickOf(
        attributes({
          class: "button",
          "data-analytics-click-id": "join-campaign",
          "data-analytics-event-name": "campaign_join_clicked",
          "data-analytics-campaign-id": "camp-1",
          "data-analytics-advertiser-id": "adv-1",
          "data-analytics-x": "1",
          "data-testid": "join",
        }),
      ),
    ).toEqual({
      clickId: "join-campaign",
      eventName: "campaign_join_clicked",
      properties: { campaign_id: "camp-1", advertiser_id: "adv-1", x: "1" },
    });
  });

  it("tracks nothing without a click id, and remembers a click id without an event name", () => {
    expect(trackedClickOf(attributes({ "data-analytics-event-name": "a", "data-analytics-campaign-id": "c" }))).toBeNull();
    expect(trackedClickOf(attributes({ "data-analytics-click-id": "menu" }))).toEqual({ clickId: "menu", eventName: null, properties: {} });
  });

  it("names properties only for data-analytics-* attributes", () => {
    expect(propertyNameOf("data-analytics-page-section-name")).toBe("page_section_name");
    expect(propertyNameOf("data-analytics-click-id")).toBeNull();
    expect(propertyNameOf("data-analytics-")).toBeNull();
    expect(propertyNameOf("data-campaign-id")).toBeNull();
  });

  it("writes the attributes a call to action carries, which read back as the same properties", () => {
    const written = analyticsAttributes("sign_in_clicked", "sign-in", { advertiser_id: "adv-1", campaign_id: undefined });
    expect(written).toEqual({
      "data-analytics-click-id": "sign-in",
      "data-analytics-event-name": "sign_in_clicked",
      "data-analytics-advertiser-id": "adv-1",
    });
    expect(trackedClickOf(attributes(written))?.properties).toEqual({ advertiser_id: "adv-1" });
  });
});

describe("route changes", () => {
  it("sends user_site_redirected with the trigger, destination and previous path when the pathname differs", () => {
    expect(routeChangeEvent("/campaigns", "/campaigns/c1", "campaign-card")).toEqual({
      name: "user_site_redirected",
      properties: { trigger: "campaign-card", destination_path: "/campaigns/c1", previous_page_path: "/campaigns" },
    });
    expect(routeChangeEvent("/", "/profile", null)?.properties.trigger).toBeNull();
  });

  it("sends nothing on the first page or when only the query changed", () => {
    expect(routeChangeEvent(null, "/", null)).toBeNull();
    expect(routeChangeEvent("/campaigns", "/campaigns", "tab")).toBeNull();
  });
});
