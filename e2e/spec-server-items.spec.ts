import type { Browser, Page } from "@playwright/test";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * The browser's side of docs/decisions/032-spec-server-items.md: new terms reach a creator through the bell and are
 * accepted on the terms page; a creator invites another to a campaign and sees them join through the link.
 */

const CAMPAIGN_ID = "campaign-aurora-launch";

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

/** A signed-in creator in a browser of their own. */
async function creatorIn(browser: Browser, handle: string, returnTo = "/"): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem("userConsent", "required-only"));
  await signInAs(page, handle, returnTo);
  return page;
}

test("an admin publishes new terms; a creator opens them from the bell and accepts them once", async ({ page, browser }) => {
  // Two people sign in through the X emulator, each in a browser of their own.
  test.setTimeout(90_000);
  const creator = await creatorIn(browser, freshHandle("terms"));

  await signInAs(page, "chorus_admin", "/admin");
  await gotoHydrated(page, "/admin");
  const effectiveDate = "2027-02-01";
  // The admin's own API call, with the access token the signed-in page keeps.
  const published = await page.evaluate(
    async ({ key, date }) => {
      const response = await fetch("/v1/admin/terms", {
        method: "POST",
        headers: {
          Authorization: `Bearer ${window.localStorage.getItem("access_token") ?? ""}`,
          "Content-Type": "application/json",
          "Idempotency-Key": key,
        },
        body: JSON.stringify({ effectiveDate: date, summary: "Payouts now settle within seconds." }),
      });
      return { status: response.status, body: (await response.json()) as { notified: number; fanOutDone: boolean } };
    },
    { key: `e2e-terms-${Date.now().toString(36)}`, date: effectiveDate },
  );
  expect(published.status).toBe(201);
  expect(published.body.fanOutDone).toBe(true);

  await gotoHydrated(creator, "/");
  await creator.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
  await creator.getByRole("link", { name: new RegExp(`Our terms and conditions change on ${effectiveDate}`) }).click();
  await creator.waitForURL(/\/articles\/terms$/);

  const acceptance = creator.getByRole("region", { name: `New terms from ${effectiveDate}` });
  await expect(acceptance).toContainText("Payouts now settle within seconds.");
  await acceptance.getByRole("button", { name: "Accept the terms" }).click();
  await expect(creator.getByText(`Thank you: you accepted the terms in force from ${effectiveDate}.`)).toBeVisible();

  await gotoHydrated(creator, "/articles/terms");
  await expect(creator.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(creator.getByRole("button", { name: "Accept the terms" })).toHaveCount(0);
});

test("a creator invites another to a campaign, who joins through the link and is listed as joined through them", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const inviterHandle = freshHandle("inviter");
  await signInAs(page, inviterHandle, `/campaign/${CAMPAIGN_ID}`);
  await gotoHydrated(page, `/campaign/${CAMPAIGN_ID}`);
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByText("You joined this campaign.")).toBeVisible();

  const invite = page.getByRole("region", { name: "Invite creators" });
  await expect(invite.getByText("Nobody yet.")).toBeVisible();
  await invite.getByRole("button", { name: "Get an invitation link" }).click();
  const link = (await invite.locator("code").textContent()) ?? "";
  expect(link).toMatch(/\/invitation\/[\w-]{22}$/);

  const friendHandle = freshHandle("friend");
  const friend = await creatorIn(browser, friendHandle);
  await gotoHydrated(friend, new URL(link).pathname);
  await expect(friend.getByText(`@${inviterHandle}`)).toBeVisible();
  await friend.getByRole("button", { name: "Join campaign" }).click();
  await expect(friend.getByText("You joined the campaign. Your posts count from now on.")).toBeVisible();

  await gotoHydrated(page, `/campaign/${CAMPAIGN_ID}`);
  await expect(invite.getByRole("listitem").filter({ hasText: `@${friendHandle}` })).toBeVisible();
  await expect(invite.locator("code")).toHaveText(link);
});
