import type { Page } from "@playwright/test";
import { emulatorUrls } from "../playwright.config.ts";
import { sinkItems, waitForSinkItems, type SinkItem } from "../tests/support/telemetry-sink.ts";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { serverBindings } from "./server-database";

/**
 * Application Insights in the browser, end to end: the SDK (loaded after hydration) sends through the worker's
 * `/application-insights-forwarding` to the telemetry sink emulator, which the test reads over HTTP. The items of one
 * page load share its operation id, which is the trace id of the W3C `traceparent` header on the app's requests.
 */
const sink = emulatorUrls.telemetrySink;

function tagsOf(item: SinkItem): Record<string, string> {
  const envelope = item.envelope as { tags?: Record<string, string> };
  return envelope.tags ?? {};
}

/** Waits until the SDK has loaded: it instruments window.fetch, which is what puts the trace header on requests. */
async function telemetryActive(page: Page): Promise<void> {
  await page.waitForFunction(() => !String(window.fetch).includes("[native code]"));
}

const traceparent = /^00-([0-9a-f]{32})-[0-9a-f]{16}-0[01]$/;

/** Leaving the page (a full load of another one) makes the SDK send what it holds, instead of after its 15 s batch. */
async function leave(page: Page) {
  await page.goto("/articles/terms");
}

async function itemsOfOperation(operationId: string, type: string): Promise<SinkItem[]> {
  return (await sinkItems(sink, { type })).filter((item) => tagsOf(item)["ai.operation.id"] === operationId);
}

/** An advertiser row the server cannot read (its creation time is not a number): its landing page fails for real. */
async function advertiserWithBrokenRow(): Promise<string> {
  const slug = `broken-${Date.now().toString(36)}`;
  const proxy = await serverBindings();
  try {
    await proxy.env.DB.prepare(`INSERT INTO advertisers (id, slug, name, tagline, website_url, created_at) VALUES (?, ?, ?, '', NULL, ?)`)
      .bind(`advertiser-${slug}`, slug, "Broken Row Ltd", "yesterday")
      .run();
  } finally {
    await proxy.dispose();
  }
  return slug;
}

/**
 * Opens the settings from the profile (a client-side route change), whose data comes through the app's API client:
 * its request carries the trace header, whose trace id is the operation id of what the page sends.
 */
async function openSettings(page: Page): Promise<string> {
  const settingsRequest = page.waitForRequest((request) => new URL(request.url()).pathname === "/v1/user/settings");
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(page).toHaveURL("/profile/settings");
  const header = (await settingsRequest).headers()["traceparent"] ?? "";
  expect(header).toMatch(traceparent);
  return traceparent.exec(header)?.[1] ?? "";
}

test.describe("with decline-all", () => {
  test.use({ storedConsent: "decline-all" });

  test("a server error page's Incident Id reaches the telemetry sink from the browser and from the worker [signed out]", async ({
    page,
    consoleErrors,
  }) => {
    const loggedErrors = consoleErrors.expectSome();
    const slug = await advertiserWithBrokenRow();
    const response = await gotoHydrated(page, `/landing/${slug}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByText("Error: 500")).toBeVisible();
    const incidentId = (await page.locator("[data-incident-id]").getAttribute("data-incident-id")) ?? "";
    expect(incidentId).toMatch(/^[0-9a-f]{12}$/);
    await expect(page.locator("[data-incident-id] code")).toHaveText(incidentId);

    const reports = await waitForSinkItems(sink, { incidentId, type: "exception" }, { count: 2, timeoutMs: 15_000 });
    const fromBrowser = reports.filter((item) => "fromExtension" in item.properties);
    const fromWorker = reports.filter((item) => !("fromExtension" in item.properties));
    expect(fromBrowser).toHaveLength(1);
    expect(fromWorker.length).toBeGreaterThanOrEqual(1);
    expect(fromBrowser[0]?.properties).toMatchObject({
      incidentId,
      statusCode: "500",
      message: "Something went wrong on our side.",
      fromExtension: "false",
      userId: "",
      handle: "",
    });
    expect(fromWorker.every((item) => item.properties.incidentId === incidentId)).toBe(true);
    expect(loggedErrors).toContain(`Incident ${incidentId}: Something went wrong on our side.`);
  });

  test("no page view and no user id are sent, but performance is, with the trace header on the app's requests", async ({ page }) => {
    await signInAs(page, `tel_d${Date.now().toString(36)}`);
    await gotoHydrated(page, "/profile");
    await telemetryActive(page);
    const operationId = await openSettings(page);
    await leave(page);

    // The request's dependency arrives with the same flush a page view would have come in.
    await expect
      .poll(async () => (await itemsOfOperation(operationId, "dependency")).some((item) => item.message?.includes("/v1/user/settings")), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await itemsOfOperation(operationId, "pageView")).toEqual([]);
    const dependencies = await itemsOfOperation(operationId, "dependency");
    expect(dependencies.every((item) => tagsOf(item)["ai.user.authUserId"] === undefined)).toBe(true);
  });
});

test.describe("with allow-all", () => {
  test.use({ storedConsent: "allow-all" });

  test("page views arrive, for client-side route changes too, with the signed-in user id", async ({ page }) => {
    // The SDK hands a route change's page view over once the page's timings are in; leaving at once could beat it,
    // so this test stays on the page and waits for the SDK's own 15 s flush.
    test.setTimeout(60_000);
    await signInAs(page, `tel_a${Date.now().toString(36)}`);
    await gotoHydrated(page, "/profile");
    await telemetryActive(page);
    const operationId = await openSettings(page);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

    await expect
      .poll(async () => (await itemsOfOperation(operationId, "pageView")).map((item) => new URL(pageUri(item)).pathname).sort(), {
        timeout: 40_000,
      })
      .toEqual(["/profile", "/profile/settings"]);
    const pageViews = await itemsOfOperation(operationId, "pageView");
    expect(pageViews.every((item) => (tagsOf(item)["ai.user.authUserId"] ?? "").length > 0)).toBe(true);
  });
});

/**
 * What the DevTools Issues panel (and Lighthouse's Best Practices) would list: a content security policy violation
 * (zod's probe for eval was one) or a deprecated API such as an unload listener (the SDK registered one).
 */
test("the pages raise no DevTools issue, also once the SDK has loaded", async ({ page }) => {
  const devtools = await page.context().newCDPSession(page);
  const issues: string[] = [];
  devtools.on("Audits.issueAdded", ({ issue }) => issues.push(`${issue.code}: ${JSON.stringify(issue.details).slice(0, 300)}`));
  await devtools.send("Audits.enable");
  await gotoHydrated(page, "/landing/aurora");
  await telemetryActive(page);
  await signInAs(page, `tel_i${Date.now().toString(36)}`);
  await gotoHydrated(page, "/profile");
  await telemetryActive(page);
  await leave(page);
  expect(issues).toEqual([]);
});

function pageUri(item: SinkItem): string {
  const envelope = item.envelope as { data?: { baseData?: { url?: string } } };
  return envelope.data?.baseData?.url ?? "";
}
