import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * Advertiser reports (docs/decisions/021-advertiser-reports.md): a demo advertiser's owner opens the account's report
 * from /advertiser and sees totals, charts drawn after hydration and the daily table. The chart library (uPlot) is a
 * chunk of its own that only the report pages load: the creator dashboard never requests it.
 */

const chartChunk = /\/assets\/uPlot[^/]*\.js(\?|$)/i;

test("the report page shows charts and the table; the dashboard does not load the chart library", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });

  await signInAs(page, "aurora_team");
  await gotoHydrated(page, "/");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((url) => chartChunk.test(url))).toEqual([]);

  await gotoHydrated(page, "/advertiser");
  await page.getByRole("link", { name: "Reports for Aurora" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser/advertiser-aurora/reports");
  await expect(page.getByRole("heading", { name: "Reports for Aurora", level: 1 })).toBeVisible();
  await expect(page.getByTestId("report-chart").first().locator("canvas").first()).toBeVisible();
  await expect(page.getByRole("table", { name: /Daily numbers/ })).toBeVisible();
  await expect(page.getByRole("table", { name: "Top creators by score" })).toBeVisible();
  expect(scripts.some((url) => chartChunk.test(url))).toBe(true);

  await page.getByRole("link", { name: "Aurora wallet launch week" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser/advertiser-aurora/campaigns/campaign-aurora-launch/report");
  await expect(page.getByRole("heading", { name: "Report: Aurora wallet launch week" })).toBeVisible();
  await expect(page.getByTestId("report-chart").first().locator("canvas").first()).toBeVisible();
});
