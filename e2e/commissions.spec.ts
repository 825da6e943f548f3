import type { APIRequestContext, Browser, Locator, Page } from "@playwright/test";
import { baseURL } from "../playwright.config";
import { DAY, HOUR, systemClock } from "../worker/clock.ts";
import { insertCampaignStatement } from "../worker/db/campaigns.ts";
import { campaignFundingLines, depositAdvertiserFunds, fundCampaign } from "../worker/domain/ledger/funding.ts";
import { findRewardCampaign } from "../worker/db/reward-campaigns.ts";
import { buildCampaign } from "../fixtures/factories.ts";
import { fixedClock } from "../tests/support/clock.ts";
import { collectConsoleErrors, expect, gotoHydrated, signInAs, storeConsent, test } from "./fixtures";
import { serverBindings } from "./server-database";
import { accessTokenOf, addVerifiedWallet, tickScheduler, turnOnAuthenticator } from "./withdrawals-setup";

/*
 * Paying for outcomes, in three browsers (issue 28, "Done when"; docs/decisions/043, 045, 047): Aurora's owner sets,
 * in the console, where a campaign's referral links lead, a commission of 10 % of purchases pending for 3 days, its
 * budget, and a review threshold; a creator joins and copies their referral link; visits through it and purchases
 * sent to ingestion with their click ids become commissions the creator sees on the dashboard: the first pending,
 * then available once the window has passed (the rows moved back 3 days, the scheduler called) and withdrawn through
 * the dialog; the second reversed by a refund; the third, bought with the creator's own verified wallet, held with
 * its reasons, rejected on the Review page with a reason, which the creator reads.
 * The browsers do what people do; `request` what machines do (ingestion, the wallet's signature, the authenticator).
 */

const ADVERTISER = "advertiser-aurora";
const SHOP = "https://shop.localhost/aurora";

/** X handles have at most 15 characters. */
const freshHandle = (prefix: string) => `${prefix}_${Date.now().toString(36).slice(-6)}`.slice(0, 15);

/**
 * A running campaign of Aurora, made in the server's D1 as the seed makes its own, its pools funded, and Aurora paid
 * 100 USDC more for the commission budget the owner adds in the console. It ends 30 days from now, after the seed's
 * running campaigns, so the dashboards other journeys read still list those.
 */
async function openCampaign(db: D1Database, key: string): Promise<{ id: string; title: string }> {
  const clock = fixedClock(systemClock.now());
  const now = clock.now();
  const campaign = buildCampaign(`e2e-commissions-${key}`, { id: ADVERTISER }, "active", now, {
    title: `Commissions journey ${key}`,
    startsAt: now - DAY,
    endsAt: now + 30 * DAY,
    weeklyPool: 1_000_000,
    bonusPool: 0,
  });
  await insertCampaignStatement(db, campaign).run();
  const stored = await findRewardCampaign(db, campaign.id);
  if (stored === null) throw new Error(`${campaign.id} was not stored`);
  const pools = -(campaignFundingLines(stored)[0]?.amount ?? 0);
  await depositAdvertiserFunds(db, clock, {
    advertiserId: ADVERTISER,
    currency: "USDC",
    amount: pools + 100_000_000,
    idempotencyKey: `deposit:${campaign.id}`,
  });
  await fundCampaign(db, clock, campaign.id);
  return { id: campaign.id, title: campaign.title };
}

/**
 * Three days pass for one purchase as far as its commission knows: the conversion, its commission and its risk
 * review are moved back by the validation window (the review window of 24 hours is inside it). The scheduler's
 * release then finds it due, as it would three days later.
 */
async function threeDaysPass(db: D1Database, eventId: string): Promise<void> {
  const shift = 3 * DAY + HOUR;
  const commission = await db
    .prepare(`SELECT id FROM commissions WHERE advertiser_id = ? AND event_id = ?`)
    .bind(ADVERTISER, eventId)
    .first<{ id: string }>();
  if (commission === null) throw new Error(`No commission for ${eventId}`);
  await db.batch([
    db
      .prepare(
        `UPDATE conversion_events SET occurred_at = occurred_at - ?, received_at = received_at - ? WHERE advertiser_id = ? AND event_id = ?`,
      )
      .bind(shift, shift, ADVERTISER, eventId),
    db
      .prepare(`UPDATE commissions SET created_at = created_at - ?, available_at = available_at - ? WHERE id = ?`)
      .bind(shift, shift, commission.id),
    db
      .prepare(`UPDATE risk_reviews SET scored_at = scored_at - ?, due_at = due_at - ? WHERE item_id = ?`)
      .bind(shift, shift, commission.id),
  ]);
}

/** A stranger opens the creator's link in a browser of their own; the click id the shop's page receives. */
async function visitThrough(browser: Browser, link: string): Promise<string> {
  // Another person's browser, not signed in: not the creator's own (047). Its language differs, as a stranger's may.
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] }, locale: "fr-FR" });
  try {
    const page = await visitor.newPage();
    const landed = page.waitForRequest((request) => request.url().startsWith(SHOP));
    // The shop is not running here: the browser is sent to it (which is what counts) and cannot connect.
    await page.goto(link).catch(() => undefined);
    const clickId = new URL((await landed).url()).searchParams.get("chorus_click_id");
    expect(clickId).toMatch(/^clk_[A-Za-z0-9_-]{90}$/);
    return clickId ?? "";
  } finally {
    await visitor.close();
  }
}

type Purchase = { eventId: string; clickId: string; walletAddress: string; value: number };

/** The advertiser's backend sends events with its API key, as curl would; each must be accepted. */
async function ingest(request: APIRequestContext, apiKey: { keyId: string; secret: string }, events: object[]) {
  const response = await request.post("/v1/conversion/event/ingest", {
    headers: { "api-key": apiKey.keyId, "api-secret": apiKey.secret },
    data: { events },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { accepted: number; results: { attribution?: { via: string | null; campaignId?: string } }[] };
  expect(body.accepted).toBe(events.length);
  return body;
}

async function purchase(request: APIRequestContext, apiKey: { keyId: string; secret: string }, item: Purchase, campaignId: string) {
  const body = await ingest(request, apiKey, [
    {
      eventId: item.eventId,
      type: "purchase",
      walletAddress: item.walletAddress,
      chain: "evm",
      value: item.value,
      currency: "USDC",
      occurredAt: new Date().toISOString(),
      clickId: item.clickId,
    },
  ]);
  expect(body.results[0]?.attribution).toMatchObject({ via: "click", campaignId });
}

/** The creator's commission for `amount` on the dashboard (after a fresh load, as the scheduler moved it). */
async function commissionOn(creator: Page, amount: string): Promise<Locator> {
  await gotoHydrated(creator, "/");
  return creator
    .getByRole("region", { name: "Commissions", exact: true })
    .getByRole("listitem")
    .filter({ hasText: `${amount} USDC for a purchase in` });
}

/** A value of the dashboard's balance ("Available (USDC)", "Pending commissions"). */
const balanceValue = (page: Page, term: string) =>
  page.getByRole("region", { name: "Earnings so far" }).locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");

test("commissions from a referral link: pending, available and withdrawn; reversed by a refund; a self-referral held and rejected", async ({
  page,
  browser,
  request,
}) => {
  // Three browsers, four scheduler runs and a withdrawal: about a minute on a quiet machine.
  test.setTimeout(180_000);
  const key = Date.now().toString(36);
  const database = await serverBindings();
  try {
    const db = database.env.DB;
    const campaign = await openCampaign(db, key);

    // The owner sets the campaign up in the console: where links lead, what a purchase earns, the budget, the review.
    await signInAs(page, "aurora_team", "/advertiser");
    await gotoHydrated(page, `/advertiser/${ADVERTISER}/campaigns/${campaign.id}`);
    const referrals = page.getByRole("region", { name: "Referral links" });
    await referrals.getByLabel("Where links lead").fill(SHOP);
    await referrals.getByRole("button", { name: "Save referral settings" }).click();
    await expect(referrals.getByText(/Saved\.$/)).toBeVisible();

    const commissions = page.getByRole("region", { name: "Commissions", exact: true });
    await commissions.getByLabel("Validation window (days)").fill("3");
    await commissions.getByRole("button", { name: "Add a rule" }).click();
    const rule = commissions.getByRole("group", { name: "Rule 1" });
    await rule.getByLabel("Event type").selectOption("purchase");
    await rule.getByLabel("Pays").selectOption("share");
    await rule.getByLabel("Share (%)").fill("10");
    await commissions.getByRole("button", { name: "Save commissions" }).click();
    await expect(commissions.getByText("Saved.", { exact: true })).toBeVisible();
    await commissions.getByLabel("Add to the budget (USDC)").fill("50");
    await commissions.getByRole("button", { name: "Add to budget" }).click();
    await expect(commissions.getByText("Budget left: 50.00 USDC")).toBeVisible();

    const review = page.getByRole("region", { name: "Risk review" });
    await review.getByLabel("Review threshold").fill("65");
    await review.getByLabel("Review window (hours)").fill("24");
    await review.getByRole("button", { name: "Save review settings" }).click();
    await expect(review.getByText("Saved.", { exact: true })).toBeVisible();
    await gotoHydrated(page, `/advertiser/${ADVERTISER}/campaigns/${campaign.id}`);
    await expect(page.getByRole("region", { name: "Commissions", exact: true }).getByLabel("Validation window (days)")).toHaveValue("3");
    await expect(page.getByRole("region", { name: "Commissions", exact: true }).getByLabel("Share (%)")).toHaveValue("10");
    await expect(page.getByRole("region", { name: "Risk review" }).getByLabel("Review threshold")).toHaveValue("65");

    // The advertiser's backend gets an API key for its conversions.
    const keyResponse = await request.post(`/v1/advertiser/${ADVERTISER}/api-keys`, {
      headers: { Authorization: `Bearer ${await accessTokenOf(page)}` },
      data: { label: `Commissions journey ${key}` },
    });
    expect(keyResponse.status()).toBe(201);
    const apiKey = (await keyResponse.json()) as { keyId: string; secret: string };

    // A creator joins, copies their referral link; they have a verified wallet and an authenticator for withdrawals.
    const creatorContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    await creatorContext.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const creator = await creatorContext.newPage();
    const creatorErrors = collectConsoleErrors(creator);
    await storeConsent(creator);
    await signInAs(creator, freshHandle("earner"), `/campaign/${campaign.id}`);
    await gotoHydrated(creator, `/campaign/${campaign.id}`);
    await creator.getByRole("button", { name: "Join campaign" }).click();
    await expect(creator.getByText("You joined this campaign.")).toBeVisible();
    const linkSection = creator.getByRole("region", { name: "Your referral link" });
    await linkSection.getByRole("button", { name: "Copy referral link" }).click();
    await expect(linkSection.getByRole("button", { name: "Copied" })).toBeVisible();
    const link = await creator.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/r\/[0-9a-f]{12}$/);
    const creatorToken = await accessTokenOf(creator);
    const totp = await turnOnAuthenticator(request, baseURL, creatorToken);
    const ownWallet = await addVerifiedWallet(request, baseURL, creatorToken);

    // A shopper follows the link and buys for 25 USDC: a pending commission of 2.50 USDC, until 3 days from now.
    const first: Purchase = {
      eventId: `${key}-order-1`,
      clickId: await visitThrough(browser, link),
      walletAddress: `0x${"a1".repeat(20)}`,
      value: 25_000_000,
    };
    await purchase(request, apiKey, first, campaign.id);
    await tickScheduler(request, baseURL);
    const firstCommission = await commissionOn(creator, "2.50");
    await expect(firstCommission).toContainText(`2.50 USDC for a purchase in ${campaign.title}`);
    await expect(firstCommission).toContainText(/Pending until/);
    await expect(balanceValue(creator, "Pending commissions")).toHaveText("2.50 USDC");

    // Three days later (the rows moved back, the scheduler called): available, and withdrawn through the dialog.
    await threeDaysPass(db, first.eventId);
    await tickScheduler(request, baseURL);
    await expect(await commissionOn(creator, "2.50")).toContainText("Available");
    await expect(balanceValue(creator, "Available (USDC)")).toHaveText("2.50 USDC");
    await creator.getByRole("region", { name: "Earnings so far" }).getByRole("button", { name: "Withdraw USDC" }).click();
    const dialog = creator.getByRole("dialog", { name: "Withdraw USDC" });
    await expect(dialog.getByLabel("Pay to")).toHaveValue(ownWallet.id);
    await dialog.getByRole("button", { name: "Max" }).click();
    await expect(dialog.getByLabel("Amount (USDC)")).toHaveValue(/^2\.50?$/);
    await dialog.getByRole("button", { name: "Continue" }).click();
    const confirm = creator.getByRole("dialog", { name: "Confirm your withdrawal" });
    await confirm.getByLabel("Code from your authenticator app").fill(totp.generate());
    await confirm.getByRole("button", { name: "Confirm withdrawal" }).click();
    const outcome = creator.getByRole("dialog", { name: "Your withdrawal" });
    await expect(outcome.getByRole("status")).toContainText("2.50 USDC is on its way");
    await creator.keyboard.press("Escape");
    await expect(outcome).toBeHidden();

    // A second purchase through the link, then its refund: the commission is reversed before it was ever paid.
    const second: Purchase = {
      eventId: `${key}-order-2`,
      clickId: await visitThrough(browser, link),
      walletAddress: `0x${"b2".repeat(20)}`,
      value: 40_000_000,
    };
    await purchase(request, apiKey, second, campaign.id);
    await tickScheduler(request, baseURL);
    await expect(await commissionOn(creator, "4.00")).toContainText(/Pending until/);
    await expect(balanceValue(creator, "Available (USDC)")).toHaveText("0.00 USDC");
    await expect(balanceValue(creator, "Earned in total")).toHaveText("2.50 USDC");
    await expect(balanceValue(creator, "Pending commissions")).toHaveText("4.00 USDC");
    await ingest(request, apiKey, [
      {
        eventId: `${key}-refund-2`,
        type: "refund",
        reversesEventId: second.eventId,
        walletAddress: second.walletAddress,
        chain: "evm",
        occurredAt: new Date().toISOString(),
      },
    ]);
    await tickScheduler(request, baseURL);
    const refunded = await commissionOn(creator, "4.00");
    await expect(refunded).toContainText("Reversed");
    await expect(refunded).not.toContainText("Pending");

    // The creator buys through their own link with their own verified wallet: held for review, with the reasons.
    const own: Purchase = {
      eventId: `${key}-order-3`,
      clickId: await visitThrough(browser, link),
      walletAddress: ownWallet.address,
      value: 60_000_000,
    };
    await purchase(request, apiKey, own, campaign.id);
    await tickScheduler(request, baseURL);
    const held = await commissionOn(creator, "6.00");
    await expect(held).toContainText("Held for review");
    await expect(held).toContainText(
      "Held for the advertiser's review: The converting wallet is one of the creator's own verified wallets.",
    );

    // The owner finds it on the Review page with its reasons and evidence, and rejects it with a reason.
    await gotoHydrated(page, `/advertiser/${ADVERTISER}/reviews`);
    const item = page.getByRole("listitem", { name: `Held commission ${own.eventId}` });
    await expect(item).toContainText("6.00 USDC commission for @");
    await expect(item.getByTestId("review-reasons")).toContainText(
      "The converting wallet is one of the creator's own verified wallets. (+80)",
    );
    await expect(item.locator("dt", { hasText: "Review threshold" }).locator("xpath=following-sibling::dd[1]")).toHaveText("65");
    await item.getByLabel(`Select ${own.eventId}`).check();
    await page.getByLabel("Reason the creator reads").fill("Bought through your own link with your own wallet.");
    await page.getByRole("button", { name: "Reject 1 selected" }).click();
    await expect(page.getByText("1 decided.")).toBeVisible();
    await expect(item).toHaveCount(0);
    await expect(
      page.getByTestId("review-history").getByRole("listitem").filter({ hasText: "Bought through your own link" }),
    ).toContainText("Rejected");

    // The creator's bell tells them what was decided, for which campaign and why, and leads to their commissions.
    await gotoHydrated(creator, "/");
    await creator.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    const told = creator.getByRole("link", { name: `Your held commission for ${campaign.title} was rejected` });
    await expect(told).toContainText(
      "The 6 USDC for a purchase will not be paid. The advertiser's reason: Bought through your own link with your own wallet.",
    );
    await told.click();
    await expect(creator).toHaveURL(/\/#my-commissions$/);

    // The creator reads the advertiser's reason; nothing of it reached their balance.
    const rejected = await commissionOn(creator, "6.00");
    await expect(rejected).toContainText("Rejected by the advertiser: Bought through your own link with your own wallet.");
    await expect(balanceValue(creator, "Available (USDC)")).toHaveText("0.00 USDC");
    await expect(balanceValue(creator, "Pending commissions")).toHaveCount(0);

    await creatorContext.close();
    expect(creatorErrors, "unexpected console errors in the creator's browser").toEqual([]);
  } finally {
    await database.dispose();
  }
});
