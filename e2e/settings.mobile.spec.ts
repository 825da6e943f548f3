import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

test("the settings fit a phone: nothing wider than the screen, and the two-factor set-up is usable", async ({ page }) => {
  await signInAs(page, freshHandle("phone"));
  await gotoHydrated(page, "/profile/settings");
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  await expect(page.getByRole("region", { name: "Basic", exact: true }).getByLabel("Display name")).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  const twoFactor = page.getByRole("region", { name: "Two-factor authentication", exact: true });
  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  const qr = twoFactor.getByRole("img", { name: "QR code to add Chorus to your authenticator app" });
  await expect(qr).toBeVisible();
  const viewport = page.viewportSize();
  const box = await qr.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport?.width ?? 0);
  await expect(twoFactor.getByTestId("two-factor-secret")).toBeVisible();
  expect(await overflow()).toBeLessThanOrEqual(0);

  // The code field brings up the number pad.
  await expect(twoFactor.getByLabel("Code from the app")).toHaveAttribute("inputmode", "numeric");
});
