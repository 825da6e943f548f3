import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { auditEachPage, nothingFoundOn } from "./accessibility";
import { consolePages } from "./advertiser-console-pages";

/*
 * The advertiser's console shell on a desktop: the header's Creator / Advertiser switch, no New Post for an advertiser
 * without a campaign to post to, and the console's own navigation for the chosen account.
 */

test("an advertiser finds the console from the header, moves through its sections and switches back", async ({ page }) => {
  await signInAs(page, "aurora_team");
  const header = page.getByRole("banner");
  const modeSwitch = header.getByRole("list", { name: "Switch between creator and advertiser" });
  await expect(modeSwitch.getByRole("link", { name: "Creator" })).toHaveAttribute("aria-current", "true");
  // aurora_team has joined no campaign: the New Post that could not work for them is not shown.
  await expect(header.getByRole("button", { name: "New Post" })).toHaveCount(0);

  await modeSwitch.getByRole("link", { name: "Advertiser" }).click();
  await page.waitForURL((url) => url.pathname === "/advertiser");
  await expect(modeSwitch.getByRole("link", { name: "Advertiser" })).toHaveAttribute("aria-current", "true");
  await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toHaveCount(0);

  await gotoHydrated(page, "/advertiser/advertiser-aurora/campaigns");
  const consoleNav = page.getByRole("navigation", { name: "Advertiser console" });
  for (const [section, path] of [
    ["Funding", "/advertiser/advertiser-aurora/funds"],
    ["Reports", "/advertiser/advertiser-aurora/reports"],
    ["Members", "/advertiser/advertiser-aurora/members"],
    ["API keys", "/advertiser/advertiser-aurora/api-keys"],
    ["Campaigns", "/advertiser/advertiser-aurora/campaigns"],
  ] as const) {
    await consoleNav.getByRole("link", { name: section }).click();
    await page.waitForURL((url) => url.pathname === path);
    await expect(consoleNav.getByRole("link", { name: section })).toHaveAttribute("aria-current", "page");
  }

  await modeSwitch.getByRole("link", { name: "Creator" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(header.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
});

test("a creator who is no advertiser sees neither the switch nor the console link", async ({ page }) => {
  await signInAs(page, "console_creator");
  const header = page.getByRole("banner");
  await expect(header.getByRole("list", { name: "Switch between creator and advertiser" })).toHaveCount(0);
  await expect(header.getByRole("button", { name: "New Post" })).toBeVisible();
});

test.describe("accessibility of the console", () => {
  test("every page of an account's console has no serious accessibility violations", async ({ page }) => {
    await signInAs(page, "aurora_team");
    expect(await auditEachPage(page, consolePages)).toEqual(nothingFoundOn(consolePages));
  });

  test("/admin has no serious accessibility violations", async ({ page }) => {
    await signInAs(page, "chorus_admin");
    expect(await auditEachPage(page, ["/admin"])).toEqual(nothingFoundOn(["/admin"]));
  });
});
