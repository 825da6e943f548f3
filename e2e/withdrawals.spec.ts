import type { Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { settlePayoutNow } from "../tests/support/payout-rail.ts";
import { latestCodeSentTo } from "../tests/support/outbox.ts";
import { serverBindings } from "./server-database";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";
import {
  DEAD_WALLET_KEY,
  accessTokenOf,
  addVerifiedWallet,
  earnRewards,
  emulatorUrls,
  latestWithdrawal,
  tickScheduler,
  turnOnAuthenticator,
  userIdOf,
  verifyEmail,
} from "./withdrawals-setup";

/**
 * Withdrawing from the balance on /profile: the dialog (wallet, amount, code), the withdrawal pending and then
 * completed, the balance and the posts' statuses following, and a payout the rail fails giving the money back. The
 * money comes from a campaign evaluated by the rewards engine in the server's own D1 (`serverStateDir`, playwright.config.ts); the
 * mailed code is read from the mail outbox, the payout settled at the payout rail, whose webhook completes it (the
 * first test), or the scheduler called through `wrangler dev`'s scheduled route instead of waiting for its next minute.
 */
const { outbox, rail } = emulatorUrls(baseURL);

/** The balance's available USDC, as shown. */
function availableOf(page: Page) {
  return page
    .getByRole("region", { name: "Balance" })
    .locator("dt", { hasText: "Available (USDC)" })
    .locator("xpath=following-sibling::dd[1]");
}

/**
 * Settles the creator's latest withdrawal at the payout rail, which calls the worker's webhook; `poll`: then runs the
 * scheduler too, whose poll is the fallback (docs/decisions/032-spec-server-items.md section 4).
 */
async function settleLatestWithdrawal(
  db: D1Database,
  userId: string,
  request: Parameters<typeof tickScheduler>[0],
  options: { poll: boolean } = { poll: true },
) {
  const withdrawal = await latestWithdrawal(db, userId);
  if (withdrawal?.rail_payout_id === null || withdrawal === null) throw new Error("The withdrawal was not handed to the payout rail");
  await settlePayoutNow(rail, withdrawal.rail_payout_id);
  if (options.poll) await tickScheduler(request, baseURL);
  return withdrawal.id;
}

test("a creator withdraws with a mailed code, sees it pending then completed, and the balance and posts follow", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const handle = `wdmail_${Date.now().toString(36)}`;
  await signInAs(page, handle, "/profile");
  const proxy = await serverBindings();
  try {
    const db = proxy.env.DB;
    const userId = await userIdOf(db, handle);
    await earnRewards(db, userId, `e2e-wd-${handle}`, [3_000_000, 2_000_000]);
    const token = await accessTokenOf(page);
    const email = `${handle}@example.com`;
    await verifyEmail(request, baseURL, token, email);
    const wallet = await addVerifiedWallet(request, baseURL, token);

    await gotoHydrated(page, "/profile");
    const balance = page.getByRole("region", { name: "Balance" });
    const available = availableOf(page);
    await expect(available).toHaveText("5.00 USDC");
    const posts = page.getByRole("region", { name: "Your posts" });
    await expect(posts.getByText("Rewarded", { exact: true })).toHaveCount(2);
    await expect(page.getByRole("region", { name: "Withdrawals" })).toContainText("No withdrawals yet");

    await balance.getByRole("button", { name: "Withdraw USDC" }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Pay to")).toHaveValue(wallet.id);
    // Too much first: refused in words, nothing sent.
    await dialog.getByLabel("Amount (USDC)").fill("6");
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("You have 5.00 USDC available. Enter at most that.");
    await dialog.getByRole("button", { name: "Max" }).click();
    await expect(dialog.getByLabel("Amount (USDC)")).toHaveValue("5");
    await dialog.getByLabel("Amount (USDC)").fill("3");
    await dialog.getByLabel("Amount (USDC)").press("Enter");

    const confirm = page.getByRole("dialog", { name: "Confirm your withdrawal" });
    await expect(confirm).toContainText(`We e-mailed a 6-digit code to ${handle.slice(0, 1)}•••@example.com`);
    const code = confirm.getByLabel("Code from the e-mail");
    await expect(code).toHaveAttribute("autocomplete", "one-time-code");
    await expect(code).toBeFocused();
    await expect(confirm.getByRole("button", { name: /Resend code in \d+ s/ })).toBeDisabled();
    await code.fill(await latestCodeSentTo(outbox, email));
    await confirm.getByRole("button", { name: "Confirm withdrawal" }).click();

    const outcome = page.getByRole("dialog", { name: "Your withdrawal" });
    await expect(outcome.getByRole("status")).toContainText("Confirmed. 3.00 USDC is on its way");
    await expect(page.getByRole("region", { name: "Withdrawals" }).getByText("Pending", { exact: true })).toBeVisible();

    // No scheduler run: the rail's webhook completes it, and the rail's page shows the worker accepted the delivery.
    const withdrawalId = await settleLatestWithdrawal(db, userId, request, { poll: false });
    await expect(outcome.getByRole("status")).toContainText("Done: 3.00 USDC was paid to", { timeout: 15_000 });
    const railPage = await (await request.get(`${rail}/`)).text();
    expect(railPage).toMatch(
      new RegExp(
        `payout\\.completed</td>\\s*<td><code>${withdrawalId}</code></td><td class="number">1</td>\\s*<td><span class="status completed">200<`,
      ),
    );
    await outcome.getByRole("button", { name: "Done" }).click();
    await expect(outcome).toBeHidden();
    await expect(balance.getByRole("button", { name: "Withdraw USDC" })).toBeFocused();

    await expect(available).toHaveText("2.00 USDC");
    const history = page.getByRole("region", { name: "Withdrawals" });
    await expect(history.getByText("Completed", { exact: true })).toBeVisible();
    // 3 USDC paid out covers the first reward (3 USDC): that post is paid; the second is still to be withdrawn.
    await expect(posts.getByText("Paid", { exact: true })).toHaveCount(1);
    await expect(posts.getByText("Rewarded", { exact: true })).toHaveCount(1);
  } finally {
    await proxy.dispose();
  }
});

test("a payout the rail fails gives the money back (authenticator code)", async ({ page, request }) => {
  test.setTimeout(90_000);
  const handle = `wddead_${Date.now().toString(36)}`;
  await signInAs(page, handle, "/profile");
  const proxy = await serverBindings();
  try {
    const db = proxy.env.DB;
    const userId = await userIdOf(db, handle);
    await earnRewards(db, userId, `e2e-wd-${handle}`, [4_000_000]);
    const token = await accessTokenOf(page);
    const totp = await turnOnAuthenticator(request, baseURL, token);
    const wallet = await addVerifiedWallet(request, baseURL, token, DEAD_WALLET_KEY);
    expect(wallet.address.toLowerCase().endsWith("dead")).toBe(true);

    await gotoHydrated(page, "/profile");
    const balance = page.getByRole("region", { name: "Balance" });
    const available = availableOf(page);
    await expect(available).toHaveText("4.00 USDC");
    await balance.getByRole("button", { name: "Withdraw USDC" }).click();
    const dialog = page.getByRole("dialog", { name: "Withdraw USDC" });
    await dialog.getByRole("button", { name: "Max" }).click();
    await dialog.getByRole("button", { name: "Continue" }).click();

    const confirm = page.getByRole("dialog", { name: "Confirm your withdrawal" });
    await expect(confirm).toContainText("Open your authenticator app and enter its 6-digit code");
    await expect(confirm.getByRole("button", { name: /Resend/ })).toHaveCount(0);
    // Closed before the code: the withdrawal waits in the history, which opens the code step again.
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    const history = page.getByRole("region", { name: "Withdrawals" });
    await expect(history.getByText("Waiting for code", { exact: true })).toBeVisible();
    await history.getByRole("button", { name: "Enter code" }).click();
    await confirm.getByLabel("Code from your authenticator app").fill(totp.generate());
    await confirm.getByRole("button", { name: "Confirm withdrawal" }).click();
    const outcome = page.getByRole("dialog", { name: "Your withdrawal" });
    await expect(outcome.getByRole("status")).toContainText("on its way");

    await settleLatestWithdrawal(db, userId, request);
    await expect(outcome.getByRole("status")).toContainText("The payout of 4.00 USDC failed (the rail refused the destination address)", {
      timeout: 15_000,
    });
    await expect(outcome.getByRole("status")).toContainText("The amount is back in your available balance.");
    await page.keyboard.press("Escape");
    await expect(outcome).toBeHidden();
    await expect(history.getByText("Failed", { exact: true })).toBeVisible();
    await expect(available).toHaveText("4.00 USDC");
    const held = await db
      .prepare(`SELECT COALESCE(SUM(amount), 0) AS held FROM ledger_lines WHERE account_id = ?`)
      .bind(`creator-withdrawal-hold:${userId}:USDC`)
      .first<number>("held");
    expect(held).toBe(0);
  } finally {
    await proxy.dispose();
  }
});
