import { expect, gotoHydrated, signInAs, test } from "./fixtures";

test("the mobile header opens a full-screen menu and any choice closes it", async ({ page }) => {
  await signInAs(page, "mobile_mia");
  await gotoHydrated(page, "/");
  const header = page.getByRole("banner");
  await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(header.getByRole("button", { name: "New Post" })).toBeVisible();

  await header.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("dialog", { name: "Menu" });
  await expect(menu).toBeVisible();
  for (const item of ["Dashboard", "All Campaigns", "Profile"]) await expect(menu.getByRole("link", { name: item })).toBeVisible();
  for (const item of ["New Post", "Share Feedback"]) await expect(menu.getByRole("button", { name: item })).toBeVisible();

  await menu.getByRole("link", { name: "All Campaigns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "All Campaigns" })).toBeVisible();
  await expect(menu).toBeHidden();

  await header.getByRole("button", { name: "Open menu" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Menu" })).toBeHidden();
});

test("a campaign page reads well on a phone", async ({ page }) => {
  await signInAs(page, "mobile_max");
  await gotoHydrated(page, "/campaign/campaign-aurora-launch");
  await expect(page.getByRole("heading", { level: 1, name: "Aurora wallet launch week" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
