import { emulatorUrls } from "../playwright.config";
import { closeWelcome, expect, gotoHydrated, test } from "./fixtures";

test("a new creator signs in with Bluesky through the stand-in's OAuth (PAR, PKCE, DPoP) [signed out]", async ({ page }) => {
  const name = `sky${Date.now().toString(36)}`;
  const handle = `${name}.bsky.test`;
  // The account exists on Bluesky before Chorus can find its server from the handle.
  const signedUp = await page.request.post(`${emulatorUrls.bluesky}/emulator/accounts`, {
    form: { handle: name, display_name: "Sky Creator" },
    maxRedirects: 0,
  });
  expect(signedUp.status()).toBe(303);

  await gotoHydrated(page, "/");
  await page.getByLabel("Bluesky handle").fill(handle);
  await page.getByRole("button", { name: "Sign in with Bluesky" }).click();

  // The stand-in's approval page, as a PDS shows it.
  await expect(page.getByRole("heading", { name: "Sign in to continue" })).toBeVisible();
  await expect(page.getByText(`Signing in as ${handle}.`)).toBeVisible();
  await page.getByRole("button", { name: new RegExp(`Sky Creator @${handle.replace(/\./g, "\\.")}`) }).click();

  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("signed-in-handle")).toHaveText(`@${handle}`);
  await closeWelcome(page);
});

test("an unknown Bluesky handle is named as the reason [signed out]", async ({ page }) => {
  await gotoHydrated(page, "/");
  await page.getByLabel("Bluesky handle").fill("nobody-here.bsky.test");
  await page.getByRole("button", { name: "Sign in with Bluesky" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We could not sign you in with Bluesky" })).toBeVisible();
  await expect(page.getByText("No Bluesky account answers to that handle.")).toBeVisible();
});
