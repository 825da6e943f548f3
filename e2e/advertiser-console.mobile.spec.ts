import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import type { Page } from "@playwright/test";
import { auditEachPage, nothingFoundOn } from "./accessibility";
import { consolePages } from "./advertiser-console-pages";

/** The console on a 390 px phone: the switch in the menu, a navigation that fits, no sideways scrolling of any console page. */
test.use({ viewport: { width: 390, height: 844 } });

test("on a phone the menu switches to the console, whose navigation fits the screen", async ({ page }) => {
  await signInAs(page, "aurora_team");
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "New Post" })).toHaveCount(0);
  await header.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await menu.getByRole("link", { name: "Advertiser" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser");
  await expect(menu).toBeHidden();

  await gotoHydrated(page, "/advertiser/advertiser-aurora/funds");
  const consoleNav = page.getByRole("navigation", { name: "Advertiser console" });
  await expect(consoleNav.getByRole("link", { name: "Funding" })).toHaveAttribute("aria-current", "page");
  const navBox = await consoleNav.boundingBox();
  expect(navBox?.width ?? Infinity).toBeLessThanOrEqual(390);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await consoleNav.getByRole("link", { name: "API keys" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser/advertiser-aurora/api-keys");
});

/** A page wider than the phone's 390 px scrolls sideways. */
async function sidewaysScrolling(page: Page): Promise<string[]> {
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  return pageWidth > 390 ? [`scrolls sideways: ${pageWidth} px wide`] : [];
}

test.describe("the console on a phone: accessible, and as wide as the screen", () => {
  test("every page of an account's console has no serious accessibility violations and no sideways scrolling", async ({ page }) => {
    await signInAs(page, "aurora_team");
    expect(await auditEachPage(page, consolePages, sidewaysScrolling)).toEqual(nothingFoundOn(consolePages));
  });

  test("/admin has no serious accessibility violations and no sideways scrolling", async ({ page }) => {
    await signInAs(page, "chorus_admin");
    expect(await auditEachPage(page, ["/admin"], sidewaysScrolling)).toEqual(nothingFoundOn(["/admin"]));
  });
});
