import { countDocumentLoads, expect, gotoHydrated, signInAs, test } from "./fixtures";

test.beforeEach(async ({ page }, testInfo) => {
  if (testInfo.title.includes("[signed out]")) return;
  await signInAs(page, "e2e_foundation");
});

test("the dashboard renders on the server and hydrates with the demo campaigns", async ({ page }) => {
  const response = await gotoHydrated(page, "/");
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Dashboard · Chorus");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Aurora wallet launch week" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
});

test("navigating between routes does not reload the page", async ({ page }) => {
  const documentLoads = countDocumentLoads(page);
  await gotoHydrated(page, "/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Campaigns" }).click();
  await expect(page).toHaveURL("/campaigns");
  await expect(page.getByRole("heading", { level: 1, name: "All Campaigns" })).toBeVisible();
  await page.getByRole("link", { name: "Back up your work with Nimbus" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Back up your work with Nimbus" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "All Campaigns" })).toBeVisible();
  expect(documentLoads()).toBe(1);
});

test("articles come from prerendered files, also when reached by a client-side navigation [signed out]", async ({ page, request }) => {
  const terms = await request.get("/articles/terms");
  expect(terms.status()).toBe(200);
  // Live renders carry a `render` Server-Timing entry; the prerendered file is served as a static asset.
  expect(terms.headers()["server-timing"] ?? "").not.toContain("render");
  const live = await request.get("/campaigns");
  expect(live.headers()["server-timing"]).toContain("render");

  const documentLoads = countDocumentLoads(page);
  const payloads: { url: string; serverTiming: string | undefined }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.endsWith(".data")) {
      payloads.push({ url: new URL(response.url()).pathname, serverTiming: response.headers()["server-timing"] });
    }
  });
  await gotoHydrated(page, "/articles/terms");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of service" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "privacy policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  expect(documentLoads()).toBe(1);
  expect(payloads).toEqual([{ url: "/articles/privacy-policy.data", serverTiming: undefined }]);
});

test("an unknown path shows the 404 screen, and Go to dashboard leads home [signed out]", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  const response = await gotoHydrated(page, "/this/does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page Not Found: /this/does-not-exist" })).toBeVisible();
  await expect(page.getByText("Error: 404")).toBeVisible();
  await expect(page.getByText("Incident Id")).toHaveCount(0);
  // The browser reports the document's own 404 status; nothing else may go wrong.
  expect(loggedErrors).toEqual(["Failed to load resource: the server responded with a status of 404 (Not Found)"]);
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Get rewarded for what you post on X and Bluesky" })).toBeVisible();
});

test("a failed page load shows the error screen with the UTC time and an Incident Id", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  await gotoHydrated(page, "/");
  // The connection drops while the next page's data is on its way.
  await page.route("**/campaigns.data*", (route) => route.abort("connectionreset"));
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "All Campaigns" }).click();
  await expect(page.getByText("Error: 500")).toBeVisible();
  await expect(page.getByText("Incident Id")).toBeVisible();
  const incidentId = await page.locator("[data-incident-id]").getAttribute("data-incident-id");
  expect(incidentId).toMatch(/^[0-9a-f]{12}$/);
  await expect(page.getByText(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC/)).toBeVisible();
  expect(loggedErrors.join("\n")).toContain(`Incident ${incidentId}`);
  await page.unroute("**/campaigns.data*");
  await page.getByRole("link", { name: "Go to dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});
