import type { Browser, Page } from "@playwright/test";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * The admin page as the people involved meet it: a creator of a campaign sends feedback from the menu; the admin
 * (chorus_admin, through the X emulator) reads it in the inbox at /admin, marks it handled, and sends a notification
 * to the creators of that campaign; the creator then finds it in the bell's sidebar.
 */

const CAMPAIGN_ID = "campaign-aurora-launch";
const CAMPAIGN_TITLE = "Aurora wallet launch week";

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

/** A creator on a phone, in a browser of their own, who has joined the campaign. */
async function creatorOfCampaign(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, storageState: { cookies: [], origins: [] } });
  const creator = await context.newPage();
  await creator.addInitScript(() => window.localStorage.setItem("userConsent", "required-only"));
  await signInAs(creator, freshHandle("adm"), `/campaign/${CAMPAIGN_ID}`);
  await gotoHydrated(creator, `/campaign/${CAMPAIGN_ID}`);
  await creator.getByRole("button", { name: "Join campaign" }).click();
  await expect(creator.getByText("You joined this campaign.")).toBeVisible();
  return creator;
}

async function sendFeedback(creator: Page, text: string) {
  await creator.getByRole("button", { name: "Open menu" }).click();
  await creator.getByRole("button", { name: "Share Feedback" }).click();
  const dialog = creator.getByRole("dialog", { name: "Share feedback" });
  await dialog.getByLabel("Your feedback").fill(text);
  await dialog.getByRole("button", { name: "Send feedback" }).click();
  await expect(creator.getByText("Thank you! Your feedback reached the Chorus team.")).toBeVisible();
}

test("the admin handles a creator's feedback and notifies the campaign's creators, who see it in the sidebar", async ({
  page,
  browser,
}) => {
  // Two people in two browsers, through the inbox, a notification, the funnel and the sidebar.
  test.setTimeout(90_000);
  const creator = await creatorOfCampaign(browser);
  const feedbackText = `Please show the rules on the card (${Date.now().toString(36)})`;
  await sendFeedback(creator, feedbackText);

  await signInAs(page, "chorus_admin", "/admin");
  await gotoHydrated(page, "/admin");
  await expect(page).toHaveTitle(/^(\(\d+\) )?Admin · Chorus$/);
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");

  // The inbox: the new message is open and unread; opening it marks it read, "Mark handled" moves it to Handled.
  const inbox = page.getByRole("region", { name: "Feedback inbox" });
  const item = inbox.getByTestId("feedback-item").filter({ hasText: feedbackText });
  await expect(item).toContainText(`on /campaign/${CAMPAIGN_ID}`);
  await expect(item.getByText("New", { exact: true })).toBeVisible();
  const read = page.waitForResponse((response) => /\/v1\/admin\/feedback\/[^/]+\/read$/.test(response.url()));
  await item.locator("summary").click();
  expect((await read).status()).toBe(200);
  await expect(item.getByText("New", { exact: true })).toHaveCount(0);
  await item.getByRole("button", { name: "Mark handled" }).click();
  await expect(inbox.getByTestId("feedback-item").filter({ hasText: feedbackText })).toHaveCount(0);
  await inbox.getByRole("button", { name: /^Handled \(\d+\)$/ }).click();
  const handled = inbox.getByTestId("feedback-item").filter({ hasText: feedbackText });
  await handled.locator("summary").click();
  await expect(handled.getByText("Handled by @chorus_admin")).toBeVisible();

  // A notification to the campaign's creators.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Send a notification" }).click();
  const form = page.getByRole("region", { name: "Send a notification" });
  const title = `Double points this week ${Date.now().toString(36)}`;
  await form.getByLabel("Title").fill(title);
  await form.getByLabel("Message").fill("Every post in the launch week counts twice.");
  await form.getByLabel("Link").fill(`/campaign/${CAMPAIGN_ID}`);
  await form.getByRole("radio", { name: "Creators of one campaign" }).check();
  // The picker lists the most recently published campaigns a page at a time; typing the start of a title finds one.
  await form.getByRole("searchbox", { name: "Find a campaign" }).fill(CAMPAIGN_TITLE.slice(0, 10).toUpperCase());
  const picker = form.getByRole("combobox", { name: "Campaign", exact: true });
  await expect(picker.locator("option:not([value=''])").first()).toHaveAttribute("value", CAMPAIGN_ID);
  await expect(picker.locator(`option[value="${CAMPAIGN_ID}"]`)).toHaveText(
    new RegExp(`^${CAMPAIGN_TITLE} — Aurora \\(\\d+ creators?\\)$`),
  );
  await picker.selectOption(CAMPAIGN_ID);
  await form.getByRole("button", { name: /^Send to \d+ creators?$/ }).click();
  await expect(form.getByRole("status")).toContainText(new RegExp(`“${title}” was sent to \\d+ creators?\\.`));

  // The funnel counts of the demo's tracked visits, for one advertiser.
  await page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Analytics" }).click();
  const analytics = page.getByRole("region", { name: "Analytics" });
  await analytics.getByLabel("Advertiser").selectOption({ label: "Aurora" });
  const table = analytics.getByRole("table", { name: "Distinct devices at each step, per campaign and utm campaign" });
  const launchRow = table.getByRole("row").filter({ hasText: CAMPAIGN_TITLE }).filter({ hasText: "launch-week" });
  await expect(launchRow.getByRole("cell").last()).toHaveText(/^(\d{1,2}\.\d|100)%$/);
  await expect(table.getByRole("row").filter({ hasText: "Nimbus" })).toHaveCount(0);

  // The creator finds it in the bell's sidebar.
  const loaded = creator.waitForResponse((response) => response.url().includes("/v1/notification/recent") && response.ok());
  await creator.reload();
  await loaded;
  await creator.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  const sidebar = creator.getByRole("dialog", { name: "Notifications" });
  await expect(sidebar.getByText(title)).toBeVisible();
  await expect(sidebar.getByText("Every post in the launch week counts twice.")).toBeVisible();
  await creator.context().close();
});

test("a creator has no Admin link, and opening /admin says the page is for admins", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  await signInAs(page, freshHandle("notadm"), "/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin" })).toHaveCount(0);
  const response = await page.goto("/admin");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "This page is for Chorus admins only." })).toBeVisible();
  await expect(page.getByText("Error: 403")).toBeVisible();
  expect(loggedErrors).toEqual(["Failed to load resource: the server responded with a status of 403 (Forbidden)"]);
});
