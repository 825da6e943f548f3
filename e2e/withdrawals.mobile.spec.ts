import { baseURL } from "../playwright.config";
import { serverBindings } from "./server-database";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import { accessTokenOf, addVerifiedWallet, earnRewards, userIdOf, verifyEmail } from "./withdrawals-setup";

/**
 * On a phone (Pixel 7): the withdrawal dialog fills the screen, its fields are large enough to tap and type in, the
 * code field asks for digits, and cancelling at the code step gives the held amount back.
 */

test("the withdrawal dialog on a phone: full screen, thumb-sized, cancel releases the hold", async ({ page, request }) => {
  test.setTimeout(90_000);
  const handle = `wdmob_${Date.now().toString(36)}`;
  await signInAs(page, handle, "/profile");
  const proxy = await serverBindings();
  try {
    const db = proxy.env.DB;
    await earnRewards(db, await userIdOf(db, handle), `e2e-wd-${handle}`, [2_500_000]);
    const token = await accessTokenOf(page);
    await verifyEmail(request, baseURL, token, `${handle}@example.com`);
    await addVerifiedWallet(request, baseURL, token);
  } finally {
    await proxy.dispose();
  }

  await gotoHydrated(page, "/profile");
  const balance = page.getByRole("region", { name: "Balance" });
  const available = balance.locator("dt", { hasText: "Available (USDC)" }).locator("xpath=following-sibling::dd[1]");
  await expect(available).toHaveText("2.50 USDC");
  await balance.getByRole("button", { name: "Withdraw USDC" }).tap();
  const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
  await expect(dialog).toBeVisible();
  const viewport = page.viewportSize();
  const box = await dialog.boundingBox();
  expect(box?.width).toBe(viewport?.width);
  expect(box?.height).toBe(viewport?.height);
  const amount = dialog.getByLabel("Amount (USDC)");
  await expect(amount).toHaveAttribute("inputmode", "decimal");
  expect((await amount.boundingBox())?.height).toBeGreaterThanOrEqual(44);
  await dialog.getByRole("button", { name: "Max" }).tap();
  await dialog.getByRole("button", { name: "Continue" }).tap();

  const confirm = page.getByRole("dialog", { name: "Confirm your withdrawal" });
  const code = confirm.getByLabel("Code from the e-mail");
  await expect(code).toHaveAttribute("inputmode", "numeric");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await confirm.getByRole("button", { name: "Cancel withdrawal" }).tap();
  const outcome = page.getByRole("dialog", { name: "Your withdrawal" });
  await expect(outcome.getByRole("status")).toHaveText("Withdrawal cancelled. The amount is back in your available balance.");
  await outcome.getByRole("button", { name: "Done" }).tap();
  await expect(available).toHaveText("2.50 USDC");
  await expect(page.getByRole("region", { name: "Withdrawals" }).getByText("Cancelled", { exact: true })).toBeVisible();
});
