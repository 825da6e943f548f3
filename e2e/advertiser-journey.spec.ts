import type { Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { collectConsoleErrors, expect, gotoHydrated, signInAs, storeConsent, test } from "./fixtures";
import { accessTokenOf, addVerifiedWallet, tickScheduler } from "./withdrawals-setup";

/*
 * The advertiser's whole journey (issue 11), in two browsers: Aurora's owner creates an invite-only campaign with
 * rules and a suggested post, adds funds (a deposit through the payout rail emulator, credited by the scheduler),
 * funds and publishes the campaign and copies an invitation link; a new creator opens it signed out, signs in from
 * it and joins; the owner sees the join, and after the advertiser's backend sends conversions for the creator's
 * verified wallet (curl-like, with an API key), the campaign report shows them in its numbers and chart.
 * The browser does what a person does; `request` only what a machine does (API key, wallet signature, ingestion).
 */

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
/** `datetime-local` in UTC, as the console form edits times. */
const utcInput = (at: number) => new Date(at).toISOString().slice(0, 16);

/** The value shown in the report's totals for a label ("Conversions" → "3"). */
const total = (page: Page, label: string) =>
  page
    .locator(".report-total")
    .filter({ has: page.getByRole("term").filter({ hasText: new RegExp(`^${label}$`) }) })
    .getByRole("definition");

test("an advertiser launches a campaign, a creator joins from the invitation, conversions reach the report", async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const key = Date.now().toString(36);
  const title = `Journey launch ${key}`;

  // The advertiser signs in and writes the campaign: rules, a suggested post, invite-only, starting at the next
  // minute the form can take (a start in the past is refused; the form edits whole minutes).
  await signInAs(page, "aurora_team", "/advertiser");
  await page.getByRole("link", { name: "Campaigns of Aurora" }).click();
  await page.waitForURL(/\/advertiser\/[^/]+\/campaigns$/);
  const campaignsPath = new URL(page.url()).pathname;
  const advertiserId = decodeURIComponent(campaignsPath.split("/")[2] ?? "");
  await gotoHydrated(page, campaignsPath);
  await page.getByRole("link", { name: "New campaign" }).click();
  await page.waitForURL(/\/campaigns\/new$/);
  await gotoHydrated(page, new URL(page.url()).pathname);

  const startsAt = Math.ceil((Date.now() + MINUTE) / MINUTE) * MINUTE;
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Description (Markdown)").fill("Tell your followers about **the Aurora wallet**.");
  await expect(page.getByRole("region", { name: "Description preview" }).locator("strong")).toHaveText("the Aurora wallet");
  await page.getByLabel("Visibility").selectOption("invite-only");
  await page.getByLabel("Start (UTC)").fill(utcInput(startsAt));
  await page.getByLabel("End (UTC)").fill(utcInput(startsAt + 7 * DAY));
  await page.getByLabel(/^Weekly pool/).fill("120");
  await page.getByLabel("What the campaign advertises").selectOption("software");
  await page.getByLabel("Required mentions").fill("@aurora");
  await page.getByLabel("Required hashtags").fill("#AuroraWallet");
  await page.getByRole("button", { name: "Add a suggested post" }).click();
  await page.getByRole("textbox", { name: "Suggested post 1" }).fill("My keys, my coins: @aurora #AuroraWallet");
  await page.getByRole("button", { name: "Save draft" }).click();
  await page.waitForURL((url) => /\/campaigns\/cmp_[\w-]+$/.test(url.pathname));
  const campaignPath = new URL(page.url()).pathname;
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
  await expect(page.getByText("Draft", { exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published: creators can now see this campaign" })).toBeVisible();

  // Funding: the panel says what the pools take; the owner adds exactly that through "Add funds".
  await gotoHydrated(page, `${campaignPath}/invitations`);
  await expect(page.getByRole("heading", { name: `Invitations to ${title}` })).toBeVisible();
  const funding = page.getByRole("region", { name: "Funding", exact: true });
  const takes = /pools take ([\d,]+\.\d{2}) USDC/.exec((await funding.textContent()) ?? "");
  expect(takes, "the funding panel names what the pools take").not.toBeNull();
  const needed = (takes?.[1] ?? "").replace(/,/g, "");

  await page.getByRole("link", { name: "Funds of Aurora" }).click();
  await page.waitForURL((url) => url.pathname === `/advertiser/${advertiserId}/funds`);
  await gotoHydrated(page, `/advertiser/${advertiserId}/funds`);
  await page.getByLabel("Amount").fill(needed);
  await page.getByLabel("Currency").selectOption("USDC");
  await page.getByRole("button", { name: "Add funds" }).click();
  const deposit = page
    .getByRole("region", { name: "Deposits", exact: true })
    .getByRole("listitem")
    .filter({ hasText: `${takes?.[1]} USDC` })
    .first();
  await expect(deposit.getByText("Pending", { exact: true })).toBeVisible();
  // The rail completes the deposit after its settle delay; the scheduler credits it (the page refreshes meanwhile).
  await expect(async () => {
    await tickScheduler(request, baseURL);
    await expect(deposit.getByText("Completed", { exact: true })).toBeVisible({ timeout: 2_500 });
  }).toPass({ timeout: 30_000 });

  await gotoHydrated(page, `${campaignPath}/invitations`);
  await page.getByRole("button", { name: "Fund campaign" }).click();
  await expect(funding).toContainText(`Funded on`);
  await expect(funding).toContainText(`${takes?.[1]} USDC in the campaign's pools.`);

  // An invitation link for anyone, copied from the page.
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const created = page.getByRole("status").filter({ hasText: "Send this link to the creators you invite" });
  await expect(created).toBeVisible();
  await created.getByRole("button", { name: "Copy link" }).click();
  await expect(created.getByRole("button", { name: "Copied" })).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  await expect(created.getByRole("textbox", { name: "Invitation link" })).toHaveValue(link);
  const invitationPath = new URL(link).pathname;
  expect(invitationPath).toMatch(/^\/invitation\/[\w-]+$/);

  // The creator opens it signed out, signs in from it (the sign-in carries the invitation) and joins.
  const creatorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const creator = await creatorContext.newPage();
  const creatorErrors = collectConsoleErrors(creator);
  await storeConsent(creator);
  await gotoHydrated(creator, invitationPath);
  await expect(creator.getByRole("heading", { name: title })).toBeVisible();
  await expect(creator.getByText("Invitation from")).toBeVisible();
  await creator.getByRole("link", { name: "Sign in with X to accept" }).click();
  await creator.waitForURL(/\/i\/oauth2\/authorize/);
  const authorize = new URL(creator.url());
  const handle = freshHandle("journey");
  authorize.searchParams.set("emulator_login", handle);
  await creator.goto(authorize.toString());
  await creator.waitForURL((url) => url.pathname === invitationPath);
  await gotoHydrated(creator, invitationPath);
  await creator.getByRole("button", { name: "Join campaign" }).click();
  await expect(creator.getByText("You joined the campaign. Your posts count from now on.")).toBeVisible();

  // The creator's verified wallet (what a wallet signs, done in the test), where the advertiser's conversions land.
  const wallet = await addVerifiedWallet(request, baseURL, await accessTokenOf(creator));

  // The owner sees the join: one creator in the campaign, the invitation used once.
  await gotoHydrated(page, campaignsPath);
  const row = page.getByRole("list", { name: "Campaigns" }).getByRole("listitem").filter({ hasText: title });
  await expect(row).toContainText("1 creators");
  await row.getByRole("link", { name: "Funding and invitations" }).click();
  await page.waitForURL((url) => url.pathname === `${campaignPath}/invitations`);
  await expect(page.getByRole("region", { name: "Invitations", exact: true }).getByText(/^Used 1 time\(s\)/)).toBeVisible();

  // The advertiser's backend: an API key, then conversions for the creator's wallet and one stranger's, curl-like.
  const keyResponse = await request.post(`/v1/advertiser/${advertiserId}/api-keys`, {
    headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
    data: { label: `Journey ${key}` },
  });
  expect(keyResponse.status()).toBe(201);
  const apiKey = (await keyResponse.json()) as { keyId: string; secret: string };
  const occurredAt = new Date(Math.max(Date.now(), startsAt)).toISOString();
  const ingest = await request.post("/v1/conversion/event/ingest", {
    headers: { "api-key": apiKey.keyId, "api-secret": apiKey.secret },
    data: {
      events: [
        { eventId: `${key}-signup`, type: "signup", walletAddress: wallet.address, chain: "evm", occurredAt },
        {
          eventId: `${key}-deposit`,
          type: "deposit",
          walletAddress: wallet.address,
          chain: "evm",
          value: 250_000_000,
          currency: "USDC",
          occurredAt,
        },
        { eventId: `${key}-trade`, type: "trade", walletAddress: wallet.address.toLowerCase(), chain: "evm", occurredAt },
        { eventId: `${key}-stranger`, type: "signup", walletAddress: `0x${"ab".repeat(20)}`, chain: "evm", occurredAt },
      ],
    },
  });
  expect(ingest.ok()).toBe(true);
  expect(await ingest.json()).toMatchObject({ received: 4, accepted: 4, duplicates: 0, matched: 3, unmatched: 1, rejected: [] });

  // The campaign report: the three conversions attributed to the campaign through the invitation, drawn in a chart.
  await gotoHydrated(page, campaignsPath);
  await row.getByRole("link", { name: "Report" }).click();
  await page.waitForURL((url) => url.pathname === `${campaignPath}/report`);
  await expect(page.getByRole("heading", { name: `Report: ${title}` })).toBeVisible();
  await expect(total(page, "Conversions")).toHaveText("3");
  await expect(total(page, "Posts")).toHaveText("0");
  const conversionsChart = page.locator("figure").filter({ has: page.locator("figcaption", { hasText: /^Conversions$/ }) });
  await expect(conversionsChart.getByTestId("report-chart").locator("canvas").first()).toBeVisible();
  const table = page.getByRole("table", { name: /Daily numbers/ });
  const column = (await table.getByRole("columnheader").allTextContents()).indexOf("Conversions");
  expect(column).toBeGreaterThan(0);
  const day = new Date(occurredAt).toISOString().slice(0, 10);
  await expect(
    table
      .getByRole("row")
      .filter({ hasText: day })
      .getByRole("cell")
      .nth(column - 1),
  ).toHaveText("3");

  await creatorContext.close();
  expect(creatorErrors, "unexpected console errors in the creator's browser").toEqual([]);
});
