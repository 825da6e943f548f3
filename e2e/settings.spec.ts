import { emulatorUrls } from "../playwright.config";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { outboxMessages } from "../tests/support/outbox.ts";
import { expect, gotoHydrated, signInAs, test } from "./fixtures";

/*
 * Settings as a creator meets them: the basic form, an e-mail change with the code read from the mail outbox (as a
 * person reads their mail), the e-mail's link opened on /verify, and two-factor authentication turned on and off with
 * codes computed by `otpauth` from the key shown on the page, as an authenticator app would.
 */

const OUTBOX = emulatorUrls.mailOutbox;

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

const section = (page: Page, name: string) => page.getByRole("region", { name, exact: true });

async function openSettings(page: Page, handle: string) {
  await signInAs(page, handle);
  await gotoHydrated(page, "/profile/settings");
  await expect(section(page, "Basic").getByLabel("Display name")).toBeVisible();
}

/** The newest message to `address` (the outbox keeps them newest first). */
async function newestMail(address: string) {
  const [message] = await outboxMessages(OUTBOX, address);
  if (message === undefined) throw new Error(`No mail to ${address}`);
  return message;
}

/** The code an authenticator app shows for `secret` at `timestamp`. */
function totp(secret: string, timestamp: number): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp, algorithm: "SHA1", digits: 6, period: 30 });
}

/** A code that is not `code`. */
const anotherCode = (code: string) => (code === "000000" ? "111111" : "000000");

test("the basic settings are saved, named field by field, and the current user shows them everywhere", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  const handle = freshHandle("basic");
  await openSettings(page, handle);
  const basic = section(page, "Basic");

  await basic.getByLabel("Display name").fill("   ");
  await basic.getByRole("button", { name: "Save" }).click();
  await expect(basic.getByRole("alert")).toHaveText("Display name: must not be empty");
  await expect(basic.getByLabel("Display name")).toHaveAttribute("aria-invalid", "true");
  await expect(basic.getByLabel("Display name")).toHaveAccessibleDescription(/must not be empty/);

  await basic.getByLabel("Display name").fill("Settings Sam");
  await basic.getByRole("checkbox", { name: "Withdrawal completed" }).check();
  await expect(basic.getByLabel("Preferred advertiser")).toHaveValue("");
  await basic.getByRole("button", { name: "Save" }).click();
  await expect(basic.getByRole("status")).toHaveText("Saved. Your name and preferences are up to date.");

  // The profile reads the current user of the page (the root loader): it shows the new name without a reload.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings Sam" })).toBeVisible();

  await page.reload();
  await page.getByRole("link", { name: "Settings" }).click();
  await expect(section(page, "Basic").getByLabel("Display name")).toHaveValue("Settings Sam");
  await expect(section(page, "Basic").getByRole("checkbox", { name: "Withdrawal completed" })).toBeChecked();
  expect(loggedErrors.every((error) => error.includes("status of 400"))).toBe(true);
});

test("the e-mail address changes with the 6-digit code from the e-mail", async ({ page, consoleErrors }) => {
  const loggedErrors = consoleErrors.expectSome();
  const handle = freshHandle("mail");
  const address = `${handle}@example.com`;
  await openSettings(page, handle);
  const email = section(page, "E-mail");
  await expect(email).toContainText("You have no e-mail address on Chorus yet.");

  await email.getByLabel("E-mail address").fill(address);
  await email.getByRole("button", { name: "Send code" }).click();
  await expect(email.getByTestId("pending-email")).toHaveText(`Waiting for confirmation: ${address}`);
  await expect(email.getByRole("button", { name: /^Send a new code \(in \d+ s\)$/ })).toBeDisabled();
  const codeInput = email.getByLabel("Code");
  await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");

  const message = await newestMail(address);
  expect(message.subject).toBe("Confirm your new e-mail address for Chorus");
  const [code = ""] = message.codes;

  await codeInput.fill(anotherCode(code));
  await email.getByRole("button", { name: "Confirm address" }).click();
  await expect(email.getByRole("alert")).toHaveText("That code is not right. Check the e-mail and try again (4 tries left).");
  await expect(codeInput).toHaveAttribute("aria-invalid", "true");

  await codeInput.fill(code);
  await email.getByRole("button", { name: "Confirm address" }).click();
  await expect(email.getByRole("status").filter({ hasText: "Done:" })).toHaveText(`Done: ${address} is now your e-mail address.`);
  await expect(email.getByTestId("verified-email")).toHaveText(address);

  // It stays after a reload, and is what the basic section mails to.
  await page.reload();
  await expect(section(page, "E-mail").getByTestId("verified-email")).toHaveText(address);
  await expect(section(page, "Basic")).toContainText(`at ${address}`);
  expect(loggedErrors.every((error) => error.includes("status of 400"))).toBe(true);
});

test("the e-mail's link opens /verify, which confirms on a click and says what happened", async ({ page }) => {
  const handle = freshHandle("link");
  const address = `${handle}@example.com`;
  await openSettings(page, handle);
  await section(page, "E-mail").getByLabel("E-mail address").fill(address);
  await section(page, "E-mail").getByRole("button", { name: "Send code" }).click();
  await expect(section(page, "E-mail").getByTestId("pending-email")).toBeVisible();

  const link = (await newestMail(address)).links.find((candidate) => candidate.includes("/verify?token="));
  expect(link).toBeDefined();
  const verifyPath = new URL(link ?? "").pathname + new URL(link ?? "").search;

  // Opening the page changes nothing (a mail scanner may fetch it); the button confirms.
  await gotoHydrated(page, verifyPath);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your new e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your e-mail address is confirmed" })).toBeVisible();
  await expect(page.getByTestId("verify-outcome")).toHaveText(`Done: ${address} is now your e-mail address on Chorus.`);

  await page.getByRole("link", { name: "Open settings" }).click();
  await expect(section(page, "E-mail").getByTestId("verified-email")).toHaveText(address);

  // The same link again.
  await gotoHydrated(page, verifyPath);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "This link was already used" })).toBeVisible();
  await expect(page.getByTestId("verify-outcome")).toHaveText(
    "Each link works once. If your address has not changed, ask for a new code in your settings.",
  );

  // A link that is not ours, and none at all.
  await gotoHydrated(page, `/verify?token=${"A".repeat(43)}`);
  await page.getByRole("button", { name: "Confirm my e-mail address" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "We do not know this link" })).toBeVisible();
  await gotoHydrated(page, "/verify");
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
});

test("two-factor turns on with an authenticator app (key from the page), shows the recovery codes once, and turns off with a code", async ({
  page,
  consoleErrors,
}) => {
  const loggedErrors = consoleErrors.expectSome();
  await openSettings(page, freshHandle("twofa"));
  const twoFactor = section(page, "Two-factor authentication");
  await expect(twoFactor.getByTestId("two-factor-state")).toHaveText("Two-factor authentication is off.");

  await twoFactor.getByRole("button", { name: "Turn on two-factor authentication" }).click();
  await expect(twoFactor.getByRole("img", { name: "QR code to add Chorus to your authenticator app" })).toBeVisible();
  const secret = (await twoFactor.getByTestId("two-factor-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const codeInput = twoFactor.getByLabel("Code from the app");
  await expect(codeInput).toHaveAttribute("autocomplete", "one-time-code");

  const at = Date.now();
  await codeInput.fill(anotherCode(totp(secret, at)));
  await twoFactor.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(twoFactor.getByRole("alert")).toContainText("That code is not right.");

  await codeInput.fill(totp(secret, at));
  await twoFactor.getByRole("button", { name: "Turn on", exact: true }).click();
  await expect(twoFactor.getByRole("status").first()).toHaveText("Two-factor authentication is on.");
  const recoveryCodes = twoFactor.getByTestId("recovery-codes").getByRole("listitem");
  await expect(recoveryCodes).toHaveCount(10);
  await expect(recoveryCodes.first()).toHaveText(/^[2-9a-z]{5}-[2-9a-z]{5}$/);
  await expect(twoFactor.getByRole("button", { name: "Download codes" })).toBeVisible();
  await twoFactor.getByRole("button", { name: "I saved my codes" }).click();

  // Shown once: not after a reload.
  await page.reload();
  await expect(twoFactor.getByTestId("two-factor-state")).toHaveText("Two-factor authentication is on.");
  await expect(twoFactor.getByTestId("recovery-codes")).toHaveCount(0);
  await expect(twoFactor).toContainText("You have 10 unused recovery codes.");

  // Off with the app's next code (the one just used would be a replay).
  await twoFactor.getByRole("button", { name: "Turn off two-factor authentication" }).click();
  await twoFactor.getByLabel("Code").fill(totp(secret, at));
  await twoFactor.getByRole("button", { name: "Turn off", exact: true }).click();
  await expect(twoFactor.getByRole("alert")).toContainText("This code was already used.");
  await twoFactor.getByLabel("Code").fill(totp(secret, at + 30_000));
  await twoFactor.getByRole("button", { name: "Turn off", exact: true }).click();
  await expect(twoFactor.getByTestId("two-factor-state")).toHaveText("Two-factor authentication is off.");
  await expect(twoFactor.getByRole("button", { name: "Turn on two-factor authentication" })).toBeVisible();
  expect(loggedErrors.every((error) => error.includes("status of 400"))).toBe(true);
});

test("the settings work from the keyboard", async ({ page }) => {
  await openSettings(page, freshHandle("keys"));
  const name = section(page, "Basic").getByLabel("Display name");
  await name.focus();
  await name.fill("Keyboard Kim");
  await page.keyboard.press("Enter");
  await expect(section(page, "Basic").getByRole("status")).toHaveText("Saved. Your name and preferences are up to date.");

  const turnOn = section(page, "Two-factor authentication").getByRole("button", { name: "Turn on two-factor authentication" });
  await turnOn.focus();
  await page.keyboard.press("Enter");
  await expect(section(page, "Two-factor authentication").getByTestId("two-factor-secret")).toBeVisible();
  await section(page, "Two-factor authentication").getByRole("button", { name: "Cancel", exact: true }).focus();
  await page.keyboard.press("Space");
  await expect(section(page, "Two-factor authentication").getByRole("button", { name: "Turn on two-factor authentication" })).toBeVisible();
});

test("the campaign page shows the week's leaderboard, and a creator who hides their name reads as “A creator” to others", async ({
  page,
  browser,
}) => {
  // Two creators in two browsers, each signing in through the X emulator.
  test.slow();
  // chloe_codes has a scored post in Nimbus's running week (the demo seed), as has ada_creates.
  await openSettings(page, "chloe_codes");
  const basic = section(page, "Basic");
  const hide = basic.getByRole("checkbox", { name: "Hide my name from campaign leaderboards" });
  await hide.check();
  await basic.getByRole("button", { name: "Save" }).click();
  await expect(basic.getByRole("status")).toHaveText("Saved. Your name and preferences are up to date.");

  // Their own row still says it is theirs.
  await gotoHydrated(page, "/campaign/campaign-nimbus-backup");
  const ownBoard = page.getByRole("region", { name: /^Leaderboard, week \d+$/ });
  await expect(ownBoard.getByRole("table").first()).toContainText("You (hidden from others)");

  // Another creator sees Ada by name and Chloe as "A creator".
  const other = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const otherPage = await other.newPage();
  await signInAs(otherPage, freshHandle("board"));
  await gotoHydrated(otherPage, "/campaign/campaign-nimbus-backup");
  const board = otherPage.getByRole("region", { name: /^Leaderboard, week \d+$/ });
  const byScore = board.getByRole("table").first();
  await expect(byScore).toContainText("@ada_creates");
  await expect(byScore).toContainText("A creator");
  await expect(byScore).not.toContainText("chloe");
  await other.close();

  // Shown again for the other tests of this run.
  await gotoHydrated(page, "/profile/settings");
  await section(page, "Basic").getByRole("checkbox", { name: "Hide my name from campaign leaderboards" }).uncheck();
  await section(page, "Basic").getByRole("button", { name: "Save" }).click();
  await expect(section(page, "Basic").getByRole("status")).toHaveText("Saved. Your name and preferences are up to date.");
});
