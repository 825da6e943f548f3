import { auditEachPage, nothingFoundOn, seriousViolations } from "./accessibility";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

test("a new creator joins a campaign: New Post goes from disabled to enabled", async ({ page }) => {
  await signInAs(page, "shell_sam");
  await gotoHydrated(page, "/");
  const newPost = page.getByRole("button", { name: "New Post" });
  await expect(newPost).toHaveAttribute("aria-disabled", "true");
  await newPost.hover();
  const tooltip = page.getByRole("tooltip");
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toHaveText(/Join a running campaign first/);
  // Placed by Floating UI, loaded on this first hover: inside the viewport, 10 px from the button.
  await expect(tooltip).toHaveAttribute("data-placed", "");
  const [button, tip, viewport] = [await newPost.boundingBox(), await tooltip.boundingBox(), page.viewportSize()];
  expect(tip !== null && button !== null && viewport !== null).toBe(true);
  if (tip !== null && button !== null && viewport !== null) {
    expect(tip.x).toBeGreaterThanOrEqual(0);
    expect(tip.x + tip.width).toBeLessThanOrEqual(viewport.width);
    const apart = (start: number, size: number, otherStart: number, otherSize: number) =>
      Math.max(otherStart - (start + size), start - (otherStart + otherSize));
    const gap = Math.max(apart(button.x, button.width, tip.x, tip.width), apart(button.y, button.height, tip.y, tip.height));
    expect(Math.round(gap)).toBe(10);
  }

  await page.getByRole("link", { name: "Aurora wallet launch week" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Aurora wallet launch week" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rules" })).toBeVisible();
  await expect(page.getByText("Mention @aurora", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByText("You joined this campaign")).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "You joined the campaign." })).toBeVisible();
  await expect(newPost).toHaveAttribute("aria-disabled", "false");
});

test("the campaign page remembers the chosen week across navigation", async ({ page }) => {
  await signInAs(page, "week_walker");
  await gotoHydrated(page, "/campaign/campaign-nimbus-backup");
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByText("You joined this campaign")).toBeVisible();
  await page.getByRole("button", { name: "Week 2 (now)" }).click();
  await expect(page.getByRole("button", { name: "Week 2 (now)" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page).toHaveURL("/profile");
  await page.goBack();
  await expect(page).toHaveURL("/campaign/campaign-nimbus-backup");
  await expect(page.getByRole("button", { name: "Week 2 (now)" })).toHaveAttribute("aria-pressed", "true");
});

test("the header turns sticky-styled after scrolling more than 5 px", async ({ page }) => {
  await signInAs(page, "scroller");
  await page.setViewportSize({ width: 1280, height: 400 });
  await gotoHydrated(page, "/campaigns");
  const header = page.getByRole("banner");
  await expect(header).not.toHaveClass(/is-scrolled/);
  await page.mouse.wheel(0, 200);
  await expect(header).toHaveClass(/is-scrolled/);
});

test.describe("the cookie bar [signed out]", () => {
  test.use({ storedConsent: null });

  test("Allow all stores allow-all and hides the bar for good", async ({ page }) => {
    await gotoHydrated(page, "/");
    const bar = page.getByRole("region", { name: "Cookie consent" });
    await expect(bar.getByRole("link", { name: "privacy policy" })).toHaveAttribute("href", "/articles/privacy-policy");
    await bar.getByRole("button", { name: "Allow all" }).click();
    await expect(bar).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("userConsent"))).toBe("allow-all");
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(bar).toBeHidden();
  });

  test("Decline all stores decline-all", async ({ page }) => {
    await gotoHydrated(page, "/");
    await page.getByRole("region", { name: "Cookie consent" }).getByRole("button", { name: "Decline all" }).click();
    expect(await page.evaluate(() => localStorage.getItem("userConsent"))).toBe("decline-all");
  });

  test("any stored value, required-only included, hides it on load", async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem("userConsent", "required-only"));
    await gotoHydrated(page, "/");
    await expect(page.getByRole("link", { name: "Sign in with X" }).first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
  });

  test("is in the server's page, so it is in the first paint, and hidden before any paint for a visitor who chose", async ({ browser }) => {
    // Without scripts the page is what the server sent: a first visit shows the bar before the app loads.
    const withoutScripts = await browser.newContext({ javaScriptEnabled: false });
    const firstVisit = await withoutScripts.newPage();
    await firstVisit.goto("/");
    await expect(firstVisit.getByRole("region", { name: "Cookie consent" })).toBeVisible();
    await withoutScripts.close();

    // A returning visitor: the head's script hides it before the app starts, so it is never shown, not even at once.
    const returning = await browser.newContext();
    await returning.addInitScript(() => localStorage.setItem("userConsent", "decline-all"));
    const page = await returning.newPage();
    await page.route("**/assets/*.js", (route) => route.abort());
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.locator(".cookie-bar")).toBeAttached();
    await expect(page.locator(".cookie-bar")).toBeHidden();
    await returning.close();
  });
});

test.describe("accessibility", () => {
  const creatorPages = ["/", "/campaigns", "/campaign/campaign-aurora-launch", "/profile", "/past-campaigns"];

  test("every page of a signed-in creator has no serious accessibility violations", async ({ page }) => {
    await signInAs(page, "axe_auditor");
    expect(await auditEachPage(page, creatorPages)).toEqual(nothingFoundOn(creatorPages));
  });

  test("the signed-out start page has no serious accessibility violations [signed out]", async ({ page }) => {
    await gotoHydrated(page, "/");
    expect(await seriousViolations(page)).toEqual([]);
  });
});
