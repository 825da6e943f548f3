import type { Page } from "@playwright/test";
import { closeWelcome, expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * Notifications as a creator meets them. Every notification here comes from a product action: the welcome from the
 * first sign-in, campaign-joined from joining. (The seeded creators' notifications belong to users the X emulator
 * cannot sign in as, so "9+" is covered by the unit tests, not here.)
 */

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

const bell = (page: Page, name = "Notifications") => page.getByRole("button", { name, exact: true });
const sidebar = (page: Page) => page.getByRole("dialog", { name: "Notifications" });
const welcomeDialog = (page: Page) => page.getByRole("dialog", { name: "Welcome to Chorus!" });

/** Loads the page again and waits until the notifications have arrived. */
async function reloadWithNotifications(page: Page) {
  const loaded = page.waitForResponse((response) => response.url().includes("/v1/notification/recent") && response.ok());
  await page.reload();
  await loaded;
}

/** A new creator's first visit: the welcome dialog; closing it marks the welcome read. */
async function signInAndCloseWelcome(page: Page, handle: string) {
  await signInAs(page, handle, "/", { keepWelcome: true });
  await expect(welcomeDialog(page)).toBeVisible();
  await closeWelcome(page);
}

async function join(page: Page, campaignId: string) {
  await gotoHydrated(page, `/campaign/${campaignId}`);
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByText("You joined this campaign.")).toBeVisible();
}

test("a visitor who is not signed in sees no bell [signed out]", async ({ page }) => {
  await gotoHydrated(page, "/");
  await expect(page.getByRole("heading", { level: 1, name: "Get rewarded for what you post on X and Bluesky" })).toBeVisible();
  await expect(bell(page)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
});

test("a new creator is welcomed once: closing the welcome marks it read, and the bell stays plain", async ({ page }) => {
  await signInAndCloseWelcome(page, freshHandle("welcome"));

  await reloadWithNotifications(page);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(welcomeDialog(page)).toHaveCount(0);
  await expect(bell(page)).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(page).toHaveTitle(/^Dashboard/);

  // Read, the welcome is an ordinary entry of the list.
  await bell(page).click();
  await expect(sidebar(page).getByRole("link", { name: /Welcome to Chorus!/ })).toBeVisible();
  await expect(sidebar(page).getByRole("button", { name: "Mark all as read" })).toBeDisabled();
});

test("the sidebar opens and closes with the keyboard, and gives the focus back to the bell", async ({ page }) => {
  await signInAndCloseWelcome(page, freshHandle("keys"));

  await bell(page).focus();
  await page.keyboard.press("Enter");
  await expect(sidebar(page)).toBeVisible();
  await expect(sidebar(page).getByRole("button", { name: "Close notifications" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(sidebar(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "false");

  await page.keyboard.press("Space");
  await expect(sidebar(page)).toBeVisible();
  await expect(bell(page)).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Enter");
  await expect(sidebar(page)).toBeHidden();
  await expect(bell(page)).toBeFocused();
});

test("joining campaigns shows in the badge and title; an entry marks itself read, mark all clears the rest", async ({ page }) => {
  await signInAndCloseWelcome(page, freshHandle("joiner"));
  await join(page, "campaign-aurora-launch");
  await join(page, "campaign-nimbus-backup");

  await reloadWithNotifications(page);
  await expect(bell(page, "Notifications, 2 unread")).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveText("2");
  await expect(page).toHaveTitle(/^\(2\) /);

  await bell(page, "Notifications, 2 unread").click();
  const entries = sidebar(page).getByRole("listitem");
  // Newest first.
  await expect(entries.first()).toContainText("You joined Back up your work with Nimbus");
  await expect(entries.nth(1)).toContainText("You joined Aurora wallet launch week");

  await sidebar(page)
    .getByRole("link", { name: /You joined Back up your work with Nimbus/ })
    .click();
  await expect(page).toHaveURL("/campaign/campaign-nimbus-backup");
  await expect(sidebar(page)).toBeHidden();
  await expect(page.getByTestId("notification-badge")).toHaveText("1");
  await expect(page).toHaveTitle(/^\(1\) /);

  await bell(page, "Notifications, 1 unread").click();
  await sidebar(page).getByRole("button", { name: "Mark all as read" }).click();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(\d+\) /);
  await page.keyboard.press("Escape");

  // The server agrees.
  await reloadWithNotifications(page);
  await expect(bell(page)).toBeVisible();
  await expect(page.getByTestId("notification-badge")).toHaveCount(0);
});

test("on a phone the sidebar takes the whole width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAndCloseWelcome(page, freshHandle("phone"));
  await bell(page).click();
  await expect(sidebar(page)).toBeVisible();
  const viewportWidth = await page.evaluate(() => document.documentElement.clientWidth);
  // The drawer slides in; measure once it has arrived.
  await expect.poll(async () => Math.round((await sidebar(page).boundingBox())?.x ?? -1)).toBe(0);
  expect(Math.round((await sidebar(page).boundingBox())?.width ?? 0)).toBe(viewportWidth);
  await sidebar(page).getByRole("button", { name: "Close notifications" }).click();
  await expect(sidebar(page)).toBeHidden();
});

test("when the notifications cannot be loaded, the sidebar says so", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  await page.route("**/v1/notification/recent", (route) => route.abort());
  await signInAs(page, freshHandle("offline"));
  await gotoHydrated(page, "/");
  await bell(page).click();
  // The query retries three times (1 s, 2 s, 4 s) before it gives up.
  await expect(sidebar(page).getByRole("alert")).toHaveText("Error! Can not get notifications.", { timeout: 15_000 });
  expect(loggedErrors.length).toBeGreaterThan(0);
  expect(loggedErrors.every((error) => error.includes("net::ERR_FAILED"))).toBe(true);
});
