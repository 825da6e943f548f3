import type { Page } from "@playwright/test";
import { localSecret } from "../scripts/dev-vars.ts";
import { expect, signInAs, test } from "./fixtures";

/*
 * Support acts as a creator (docs/decisions/024-impersonation.md): the spoofing link opens a confirmation page, Start
 * posts the form back to the link, and the admin lands on the app as the creator, marked "acting as".
 */

/** The signed-in page's access token and user id, from the same calls the app makes. */
function whoIsSignedIn(page: Page): Promise<{ accessToken: string; userId: string }> {
  return page.evaluate(async () => {
    const tokens = (await (await fetch("/auth/session/tokens", { method: "POST" })).json()) as { accessToken: string };
    const profile = (await (await fetch("/auth/profile", { headers: { Authorization: `Bearer ${tokens.accessToken}` } })).json()) as {
      userId: string;
    };
    return { accessToken: tokens.accessToken, userId: profile.userId };
  });
}

test("support opens a spoofing link, confirms, and sees Chorus as the creator", async ({ page, browser }) => {
  const handle = `imp_${Date.now().toString(36).slice(-6)}`;
  const creatorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const creator = await creatorContext.newPage();
  await creator.addInitScript(() => window.localStorage.setItem("userConsent", "required-only"));
  await signInAs(creator, handle);
  const { userId } = await whoIsSignedIn(creator);
  await creatorContext.close();

  await signInAs(page, "chorus_admin");
  const { accessToken } = await whoIsSignedIn(page);
  await page.goto(`/auth/admin-spoofing/${accessToken}/${localSecret("ADMIN_SPOOFING_SECRET")}?impersonate=${userId}`);
  await expect(page.getByRole("heading", { level: 1, name: `Act as @${handle}?` })).toBeVisible();
  await expect(page.getByTestId("signed-in-handle")).toHaveCount(0);
  expect(await page.content(), "the page keeps the secret out of its HTML").not.toContain(localSecret("ADMIN_SPOOFING_SECRET"));

  await page.getByRole("button", { name: "Start" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle} acting as`);
});
