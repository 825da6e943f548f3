import type { Page } from "@playwright/test";
import { ARCHIVE_PREFIX } from "../worker/domain/analytics/store-events.ts";
import type { AnalyticsEventRow } from "../worker/domain/analytics/event-rows.ts";
import { ANALYTICS_DEFERRAL_MS, ANALYTICS_EVENTS_PATH } from "../worker/contracts/analytics.ts";
import { FLUSH_INTERVAL_MS } from "../app/lib/analytics/tracker.ts";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";

/*
 * The first-party tracker (docs/decisions/022-analytics-and-telemetry.md): with consent allow-all, tracked clicks and
 * client-side navigation reach the R2 archive through POST /v1/events and the analytics queue; with decline-all
 * nothing is sent. Each test gives its browser a device id of its own (`vtid`) and reads the events of that device
 * from the e2e server's local R2.
 */

type StoredEvent = {
  name: string;
  page_path: string;
  campaign_id: string | null;
  utm_source: string | null;
  utm_campaign: string | null;
  first_utm_source: string | null;
  identified: number;
  properties: string;
};

/** The device's events in the e2e server's local R2 archive (docs/decisions/036-events-out-of-d1.md), read as an operator would. */
async function storedEvents(deviceId: string): Promise<StoredEvent[]> {
  const proxy = await serverBindings();
  try {
    const archive = proxy.env.ANALYTICS_ARCHIVE;
    const rows: AnalyticsEventRow[] = [];
    let cursor: string | undefined;
    do {
      const listing = await archive.list({ prefix: ARCHIVE_PREFIX, ...(cursor === undefined ? {} : { cursor }) });
      for (const object of listing.objects) {
        const text = (await (await archive.get(object.key))?.text()) ?? "";
        for (const line of text.split("\n").filter((part) => part !== "")) {
          const row = JSON.parse(line) as AnalyticsEventRow;
          if (row.deviceId === deviceId && !rows.some((seen) => seen.id === row.id)) rows.push(row);
        }
      }
      cursor = listing.truncated ? listing.cursor : undefined;
    } while (cursor !== undefined);
    return rows
      .sort((a, b) => a.occurredAt - b.occurredAt || a.name.localeCompare(b.name))
      .map((row) => ({
        name: row.name,
        page_path: row.pagePath,
        campaign_id: row.campaignId,
        utm_source: row.utmSource,
        utm_campaign: row.utmCampaign,
        first_utm_source: row.firstUtmSource,
        identified: row.userId === null ? 0 : 1,
        properties: row.properties,
      }));
  } finally {
    await proxy.dispose();
  }
}

function eventRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === ANALYTICS_EVENTS_PATH) urls.push(request.url());
  });
  return urls;
}

const deviceFor = (label: string) => `e2e-${label}-${Date.now().toString(36)}`;

test.describe("with consent allow-all", () => {
  test.use({ storedConsent: null });

  test("a tracked click and a client-side navigation reach the store with their properties", async ({ page }) => {
    const device = deviceFor("allow");
    await page.clock.install();
    await signInAs(page, "analytics_ana");
    // A first visit: the landing page counts once the visitor allows analytics, and leaving the page (a full load
    // of the next one, before the deferral ran out) sends it as a beacon.
    await gotoHydrated(page, `/landing/nimbus?vtid=${device}&utm_source=newsletter&utm_campaign=e2e_spring`);
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Allow all" }).click();
    await expect.poll(() => page.evaluate(() => "chorusTracker" in window)).toBe(true);
    await gotoHydrated(page, "/campaign/campaign-nimbus-backup");

    await page.getByRole("button", { name: "Join campaign" }).click();
    await expect(page.getByText("You joined this campaign")).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL("/profile");

    const accepted = page.waitForResponse((response) => new URL(response.url()).pathname === ANALYTICS_EVENTS_PATH);
    await page.clock.runFor(ANALYTICS_DEFERRAL_MS + FLUSH_INTERVAL_MS);
    expect((await accepted).status()).toBe(202);

    await expect
      .poll(async () => (await storedEvents(device)).map((event) => event.name), { timeout: 20_000 })
      .toEqual(expect.arrayContaining(["campaign_join_clicked", "campaign_joined", "user_site_redirected"]));
    const events = await storedEvents(device);
    const named = (name: string) => events.find((event) => event.name === name);
    const attribution = { utm_source: "newsletter", utm_campaign: "e2e_spring", first_utm_source: "newsletter", identified: 1 };
    expect(named("landing_viewed")).toMatchObject({ page_path: "/landing/nimbus", campaign_id: null, ...attribution });
    expect(named("campaign_join_clicked")).toMatchObject({
      page_path: "/campaign/campaign-nimbus-backup",
      campaign_id: "campaign-nimbus-backup",
      ...attribution,
    });
    expect(named("campaign_joined")).toMatchObject({ campaign_id: "campaign-nimbus-backup", ...attribution });
    expect(named("user_site_redirected")).toMatchObject({ page_path: "/profile", ...attribution });
    expect(JSON.parse(named("user_site_redirected")?.properties ?? "{}")).toMatchObject({
      trigger: "join-campaign",
      destination_path: "/profile",
      previous_page_path: "/campaign/campaign-nimbus-backup",
    });
  });
});

test.describe("with consent decline-all", () => {
  test.use({ storedConsent: null });

  test("the same click and navigation send nothing, neither after the deferral nor when the page hides", async ({ page }) => {
    const device = deviceFor("decline");
    const requests = eventRequests(page);
    await page.clock.install();
    await signInAs(page, "analytics_dee");
    await gotoHydrated(page, `/campaign/campaign-nimbus-backup?vtid=${device}&utm_campaign=e2e_declined`);
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Decline all" }).click();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();

    await page.getByRole("button", { name: "Join campaign" }).click();
    await expect(page.getByText("You joined this campaign")).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL("/profile");
    await page.clock.runFor(ANALYTICS_DEFERRAL_MS + FLUSH_INTERVAL_MS);
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide")));

    expect(await page.evaluate(() => "chorusTracker" in window)).toBe(false);
    expect(requests).toEqual([]);
    expect(await storedEvents(device)).toEqual([]);
  });
});

test("attribution is kept whatever the consent and reaches the read login pages later, first and last touch", async ({ page }) => {
  await gotoHydrated(page, "/articles/privacy-policy?utm_source=podcast&utm_campaign=launch&invitationId=inv-e2e");
  await gotoHydrated(page, "/landing/aurora?utm_source=newsletter");
  await gotoHydrated(page, "/landing/aurora");
  const login = page.waitForRequest((request) => new URL(request.url()).pathname === "/auth/twitter/read/login");
  await page.getByRole("link", { name: "Join with X" }).click();
  const query = Object.fromEntries(new URL((await login).url()).searchParams);
  expect(query).toMatchObject({
    utm_source: "newsletter",
    first_utm_source: "podcast",
    first_utm_campaign: "launch",
    invite_id: "inv-e2e",
    trigger: "landing-aurora",
    page_path: "/landing/aurora",
  });
  expect(query).not.toHaveProperty("utm_campaign");
  await page.waitForURL(/\/i\/oauth2\/authorize/);
});
