import type { Locator, Page } from "@playwright/test";
import { expect, gotoHydrated, signInAs } from "./fixtures";

/** Steps of the posting journeys: joining the demo launch campaign, opening the editor, allowing posting on X. */
export const CAMPAIGN_PATH = "/campaign/campaign-aurora-launch";

/** Signs in on the campaign page and joins the campaign there. */
export async function joinAuroraLaunch(page: Page, handle: string) {
  await signInAs(page, handle, CAMPAIGN_PATH);
  await gotoHydrated(page, CAMPAIGN_PATH);
  await page.getByRole("button", { name: "Join campaign" }).click();
  await expect(page.getByRole("button", { name: "Join campaign" })).toBeHidden();
}

export async function openNewPost(page: Page) {
  const newPost = page.getByRole("banner").getByRole("button", { name: "New Post" });
  await expect(newPost).toHaveAttribute("aria-disabled", "false");
  await newPost.click();
  const dialog = page.getByRole("dialog", { name: "New post" });
  await expect(dialog).toBeVisible();
  // The editor puts the campaign's disclosure in the field once it knows the campaign. A fill that started before then
  // had its select-all undone by that change, and typed after the disclosure ("#ad #ad …"): wait for it, as a person sees it.
  await expect(dialog.getByLabel("Your post")).not.toHaveValue("");
  return { dialog, newPost };
}

/**
 * Approves X's consent page for `handle` at once (README "The X emulator"). A popup closes itself once it is back
 * on the app, so for one the navigation is awaited only until it commits.
 */
export async function approveOnX(page: Page, handle: string, options: { closesItself?: boolean } = {}) {
  await page.waitForURL(/\/i\/oauth2\/authorize/);
  const authorize = new URL(page.url());
  expect(authorize.searchParams.get("scope")).toContain("tweet.write");
  authorize.searchParams.set("emulator_login", handle);
  if (!options.closesItself) {
    await page.goto(authorize.toString());
    return;
  }
  await page.goto(authorize.toString(), { waitUntil: "commit" }).catch((error: unknown) => {
    if (!page.isClosed()) throw error;
  });
}

/** The first post needs Chorus's permission to post on X: "Allow posting" opens X's consent in a popup, approved as `handle`. */
export async function allowPostingInPopup(page: Page, dialog: Locator, handle: string) {
  const popupOpened = page.waitForEvent("popup");
  await dialog.getByRole("button", { name: "Allow posting" }).click();
  const popup = await popupOpened;
  const popupClosed = popup.waitForEvent("close");
  await approveOnX(popup, handle, { closesItself: true });
  await popupClosed;
}

/**
 * The posts with these texts, in the server's D1, are due for their last read from their network and to mature on
 * it, as their 48 hours being up would make them (the e2e server's clock cannot be moved).
 */
export async function bringMaturityForward(db: D1Database, contents: readonly string[]) {
  const dueAt = Date.now() - 1_000;
  await db
    .prepare(
      `UPDATE post_metrics SET matures_at = ?1, next_poll_at = ?1, leased_until = 0
       WHERE post_id IN (SELECT id FROM posts WHERE content IN (SELECT value FROM json_each(?2)))`,
    )
    .bind(dueAt, JSON.stringify(contents))
    .run();
}
