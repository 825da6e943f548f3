import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { commissionSettingsSchema, creatorCommissionsSchema } from "../../../worker/contracts/commissions.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { CLICK_ID, referralLinkSchema } from "../../../worker/contracts/referrals.ts";
import { configFrom } from "../../../worker/config.ts";
import { reviewDecisionResultSchema, reviewQueueSchema, riskSettingsSchema } from "../../../worker/contracts/risk-review.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { releaseDueCommissions, takeInConversions } from "../../../worker/domain/commissions/scheduled.ts";
import { approveDueReviews, scoreNewCommissions } from "../../../worker/domain/risk/scheduled.ts";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fixedClock } from "../../support/clock.ts";
import {
  commissionWorld,
  commissionsPath,
  fundCommissions,
  nextId,
  reviewDecisionNotificationsOf,
  USDC,
  type CommissionWorld,
} from "../support/commissions.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { balanceOf, expectBalancedLedger } from "../support/rewards.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";

/*
 * Risk and review (issue 28 items 4 and 5, docs/decisions/047-risk-and-review.md): commissions are scored by the
 * scheduler, held at or above the campaign's threshold, approved when the review window ends below it; the advertiser
 * approves or rejects held ones (a rejection gives the budget back through the ledger), every decision is audited and
 * the creator reads why. Requests run on the real clock; the scheduler's steps take the test's clock, moved instead
 * of waited for.
 */

const now = Date.now();

const creatorWallet = `0x${"ab".repeat(20)}`;
const shopperWallet = `0x${"cd".repeat(20)}`;

/** The visits each campaign's links have had in this file: all are counted before a commission is scored. */
const visitsCounted = new Map<string, number>();

/**
 * Waits until the referral clicks queue has delivered the campaign's visits to the click counts, as the scheduler's
 * scoring would find them a minute later (the queue delivers within its batch timeout, a second); fails with the
 * count it found if they are not all there within 10 seconds.
 */
async function clicksDelivered(campaignId: string) {
  const expected = visitsCounted.get(campaignId) ?? 0;
  await vi.waitFor(
    async () => {
      const row = await env.DB.prepare(`SELECT COALESCE(SUM(clicks), 0) AS clicks FROM referral_click_days WHERE campaign_id = ?`)
        .bind(campaignId)
        .first<{ clicks: number }>();
      expect(row?.clicks, `the clicks of ${campaignId} counted from the referral clicks queue`).toBe(expected);
    },
    { timeout: 10_000, interval: 100 },
  );
}

/** An advertiser with a funded 10 % commission on purchases (validation 0 days), a creator with a verified wallet and a click. */
async function world(validationDays = 0): Promise<CommissionWorld> {
  const w = await commissionWorld({ prefix: "risk", creatorWallet });
  visitsCounted.set(w.campaignId, 1);
  await fundCommissions(w, { validationDays, rules: [{ eventType: "purchase", kind: "share", shareBps: 1_000 }] }, 100 * USDC);
  return w;
}

const reviewSettingsPath = (w: CommissionWorld) => `/v1/advertiser/${w.advertiserId}/campaigns/${w.campaignId}/review-settings`;

/** A purchase of `value` through the creator's click, paid from `wallet`, taken in and scored at `at`. */
async function purchaseScored(w: CommissionWorld, eventId: string, value: number, wallet: string, at = Date.now()) {
  const response = await fetchWorker("/v1/conversion/event/ingest", {
    method: "POST",
    headers: { "Content-Type": "application/json", "api-key": w.key.keyId, "api-secret": w.key.secret },
    body: JSON.stringify({
      events: [
        { eventId, type: "purchase", walletAddress: wallet, chain: "evm", value, currency: "USDC", occurredAt: now, clickId: w.clickId },
      ],
    }),
  });
  expect(response.status).toBe(200);
  await takeInConversions(env.DB, fixedClock(at));
  await clicksDelivered(w.campaignId);
  return scoreNewCommissions({ db: env.DB, clock: fixedClock(at), encryptionKey: configFrom(env).secrets.tokenEncryptionKey });
}

async function queueOf(w: CommissionWorld) {
  const response = await fetchWorker(`/v1/advertiser/${w.advertiserId}/reviews`, { headers: { Authorization: w.memberBearer } });
  expect(response.status).toBe(200);
  return reviewQueueSchema.parse(await response.json());
}

async function decide(w: CommissionWorld, body: Record<string, unknown>) {
  return fetchWorker(`/v1/advertiser/${w.advertiserId}/reviews/decisions`, {
    method: "POST",
    headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

async function commissionsOf(w: CommissionWorld) {
  const response = await fetchWorker("/v1/commissions", { headers: { Authorization: w.creatorBearer } });
  expect(response.status).toBe(200);
  return creatorCommissionsSchema.parse(await response.json()).commissions;
}

async function budgetOf(w: CommissionWorld) {
  const response = await fetchWorker(commissionsPath(w), { headers: { Authorization: w.memberBearer } });
  return commissionSettingsSchema.parse(await response.json()).budget;
}

const usdcOf = async (w: CommissionWorld) =>
  (await balanceOf(w.creatorBearer.replace("Bearer ", ""))).balances.find((b) => b.currency === "USDC");

const selfReferralReasons = [
  "The converting wallet is one of the creator's own verified wallets.",
  expect.stringMatching(/^The conversion came \d+ s after its click\.$/),
  "The creator's account was created less than a day before.",
];

describe("risk scoring in the scheduler", () => {
  it("holds a self-referral (the creator's own wallet) above the default threshold of 70: its money does not move", async () => {
    const w = await world();
    expect(await purchaseScored(w, "self-1", 50 * USDC, creatorWallet)).toEqual({ scored: 1, held: 1 });
    const [held] = (await queueOf(w)).held;
    expect(held).toMatchObject({
      kind: "commission",
      eventId: "self-1",
      amount: 5_000_000,
      score: 100,
      status: "held",
      creatorId: w.creatorId,
    });
    expect(held?.reasons.map((reason) => reason.signal)).toEqual(["own-wallet", "instant-conversion", "new-account"]);
    expect(held?.evidence).toMatchObject({ ownWallet: true, clickId: w.clickId, creatorClicksThatDay: 1, threshold: 70 });

    // Days later, past its (0-day) validation and the 48-hour review window: still held, still pending.
    const later = fixedClock(Date.now() + 5 * DAY);
    expect(await approveDueReviews({ db: env.DB, clock: later })).toBe(0);
    expect(await releaseDueCommissions(env.DB, later)).toBe(0);
    const [commission] = await commissionsOf(w);
    expect(commission).toMatchObject({ status: "pending", review: { state: "held", reasons: selfReferralReasons, decisionReason: null } });
    expect(await usdcOf(w)).toMatchObject({ available: 0, pending: 5_000_000 });
  });

  it("approves an item below the threshold when the review window ends, and only then releases it", async () => {
    const w = await world();
    const scoredAt = Date.now();
    // The shopper's own wallet: 12 s after the click (40) and a new account (20) make 60, below 70.
    expect(await purchaseScored(w, "honest-1", 20 * USDC, shopperWallet, scoredAt)).toEqual({ scored: 1, held: 0 });
    expect((await queueOf(w)).held).toEqual([]);
    expect((await commissionsOf(w))[0]?.review).toEqual({ state: "in-review", reasons: [], decisionReason: null });

    const justBefore = fixedClock(scoredAt + 48 * HOUR - 1);
    await approveDueReviews({ db: env.DB, clock: justBefore });
    await releaseDueCommissions(env.DB, justBefore);
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "pending" });

    const windowEnd = fixedClock(scoredAt + 48 * HOUR);
    expect(await approveDueReviews({ db: env.DB, clock: windowEnd })).toBeGreaterThanOrEqual(1);
    expect(await releaseDueCommissions(env.DB, windowEnd)).toBeGreaterThanOrEqual(1);
    expect((await commissionsOf(w))[0]).toMatchObject({ status: "available", amount: 2_000_000, review: { state: "approved" } });
    expect(await usdcOf(w)).toMatchObject({ available: 2_000_000, pending: 0 });
    await expectBalancedLedger();
  });

  it("uses the campaign's own threshold and window", async () => {
    const w = await world();
    const saved = await fetchWorker(reviewSettingsPath(w), {
      method: "PUT",
      headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
      body: JSON.stringify({ reviewThreshold: 50, reviewWindowHours: 0 }),
    });
    expect(saved.status).toBe(200);
    // 60 is at or above 50: held.
    expect(await purchaseScored(w, "strict-1", 20 * USDC, shopperWallet)).toEqual({ scored: 1, held: 1 });
  });
});

describe("the advertiser's review", () => {
  let w: CommissionWorld;
  let other: CommissionWorld;
  beforeAll(async () => {
    w = await world();
    other = await world();
    await purchaseScored(w, "held-a", 10 * USDC, creatorWallet);
    await purchaseScored(w, "held-b", 20 * USDC, creatorWallet);
    await purchaseScored(w, "held-c", 30 * USDC, creatorWallet);
    await purchaseScored(other, "held-other", 10 * USDC, creatorWallet);
  });

  const heldId = async (eventId: string) => (await queueOf(w)).held.find((item) => item.eventId === eventId)?.itemId ?? "";

  it("lists only the account's held items, with reasons and evidence; a stranger gets 404", async () => {
    const queue = await queueOf(w);
    expect(queue.held.map((item) => item.eventId)).toEqual(["held-a", "held-b", "held-c"]);
    expect(queue.history).toEqual([]);
    const stranger = buildUser(nextId("risk_stranger_"), now);
    await env.DB.batch(insertUserStatements(env.DB, stranger, ["creator"]));
    const response = await fetchWorker(`/v1/advertiser/${w.advertiserId}/reviews`, {
      headers: { Authorization: await bearerFor(stranger.id) },
    });
    expect(response.status).toBe(404);
  });

  it("refuses a bad decision with a 400 naming each field", async () => {
    const noReason = await decide(w, { decision: "reject", itemIds: [await heldId("held-a")] });
    expect(noReason.status).toBe(400);
    expect(errorBodySchema.parse(await noReason.json()).detail).toEqual([
      { loc: ["body", "reason"], msg: "is required when rejecting: the creator reads it" },
    ]);
    const bad = await decide(w, { decision: "maybe", itemIds: [] });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(await bad.json()).detail?.map((item) => item.loc)).toEqual([
      ["body", "decision"],
      ["body", "itemIds"],
    ]);
  });

  it("rejects with a reason: the commission is reversed, the budget gets it back, the creator reads why, and a retry changes nothing", async () => {
    const itemId = await heldId("held-a");
    const budgetBefore = await budgetOf(w);
    const body = { decision: "reject", itemIds: [itemId], reason: "You bought through your own link." };
    const response = await decide(w, body);
    expect(response.status).toBe(200);
    expect(reviewDecisionResultSchema.parse(await response.json())).toEqual({ decided: [itemId], skipped: [] });
    expect(await budgetOf(w)).toBe(budgetBefore + 1_000_000);
    const rejected = (await commissionsOf(w)).find((commission) => commission.id === itemId);
    expect(rejected).toMatchObject({
      status: "reversed",
      review: { state: "rejected", reasons: selfReferralReasons, decisionReason: "You bought through your own link." },
    });

    const retry = reviewDecisionResultSchema.parse(await (await decide(w, body)).json());
    expect(retry).toEqual({ decided: [], skipped: [{ itemId, reason: "not held: already rejected" }] });
    expect(await budgetOf(w)).toBe(budgetBefore + 1_000_000);
    await expectBalancedLedger();
  });

  it("approves in bulk: both go on to be paid; another account's item is skipped", async () => {
    const ids = [await heldId("held-b"), await heldId("held-c")];
    const otherId = (await queueOf(other)).held[0]?.itemId ?? "";
    const response = await decide(w, { decision: "approve", itemIds: [...ids, otherId] });
    expect(reviewDecisionResultSchema.parse(await response.json())).toEqual({
      decided: ids,
      skipped: [{ itemId: otherId, reason: "not an item of this account" }],
    });
    expect((await queueOf(w)).held).toEqual([]);
    expect((await queueOf(other)).held).toHaveLength(1);
    await releaseDueCommissions(env.DB, fixedClock(Date.now()));
    const statuses = new Map((await commissionsOf(w)).map((commission) => [commission.id, commission.status]));
    expect(ids.map((id) => statuses.get(id))).toEqual(["available", "available"]);
    expect(await usdcOf(w)).toMatchObject({ available: 5_000_000, pending: 0 });
    await expectBalancedLedger();
  });

  it("keeps a history of decisions, each audited with its actor, creator and reason", async () => {
    const history = (await queueOf(w)).history;
    expect(history.map((item) => [item.eventId, item.status])).toEqual(
      expect.arrayContaining([
        ["held-a", "rejected"],
        ["held-b", "approved"],
        ["held-c", "approved"],
      ]),
    );
    expect(history).toHaveLength(3);
    const audit = await env.DB.prepare(
      `SELECT action, subject_user_id, outcome, json_extract(detail, '$.reason') AS reason, json_extract(detail, '$.advertiserId') AS advertiser
       FROM audit_log WHERE action LIKE 'risk-review.%' AND subject_user_id = ? ORDER BY id`,
    )
      .bind(w.creatorId)
      .all();
    expect(audit.results).toEqual([
      {
        action: "risk-review.reject",
        subject_user_id: w.creatorId,
        outcome: "allowed",
        reason: "You bought through your own link.",
        advertiser: w.advertiserId,
      },
      { action: "risk-review.approve", subject_user_id: w.creatorId, outcome: "allowed", reason: null, advertiser: w.advertiserId },
      { action: "risk-review.approve", subject_user_id: w.creatorId, outcome: "allowed", reason: null, advertiser: w.advertiserId },
    ]);
  });
});

describe("the creator hears of each decision", () => {
  let w: CommissionWorld;
  const itemIds = new Map<string, string>();
  beforeAll(async () => {
    w = await world();
    for (const [eventId, value] of [
      ["told-a", 10 * USDC],
      ["told-b", 20 * USDC],
      ["told-c", 30 * USDC],
      ["told-d", 40 * USDC],
    ] as const) {
      await purchaseScored(w, eventId, value, creatorWallet);
    }
    for (const item of (await queueOf(w)).held) itemIds.set(item.eventId ?? "", item.itemId);
  });
  const idOf = (eventId: string) => itemIds.get(eventId) ?? "";
  const told = () => reviewDecisionNotificationsOf(w.creatorBearer);

  it("a rejection: what was decided, for which campaign, the advertiser's reason, a link to the commissions; a repeat tells nothing more", async () => {
    const body = { decision: "reject", itemIds: [idOf("told-a")], reason: "You bought through your own link." };
    expect((await decide(w, body)).status).toBe(200);
    const rejected = {
      eventType: "review-rejected",
      title: `Your held commission for ${w.campaignTitle} was rejected`,
      body: "The 1 USDC for a purchase will not be paid. The advertiser's reason: You bought through your own link.",
      link: "/#my-commissions",
      campaignId: w.campaignId,
      isRead: false,
    };
    expect(await told()).toEqual([rejected]);

    expect(reviewDecisionResultSchema.parse(await (await decide(w, body)).json()).decided).toEqual([]);
    expect(
      reviewDecisionResultSchema.parse(await (await decide(w, { decision: "approve", itemIds: [idOf("told-a")] })).json()).decided,
    ).toEqual([]);
    expect(await told()).toEqual([rejected]);
  });

  it("a bulk approval: one notification per item decided; items already decided in it tell nothing again", async () => {
    const first = await decide(w, { decision: "approve", itemIds: [idOf("told-b"), idOf("told-c")] });
    expect(reviewDecisionResultSchema.parse(await first.json()).decided).toEqual([idOf("told-b"), idOf("told-c")]);
    // told-c again with told-d: only told-d is decided, and only its creator hears of it.
    const second = await decide(w, { decision: "approve", itemIds: [idOf("told-c"), idOf("told-d")], reason: "Checked with the shop." });
    expect(reviewDecisionResultSchema.parse(await second.json()).decided).toEqual([idOf("told-d")]);

    const approved = (amount: string, note = "") => ({
      eventType: "review-approved",
      title: `Your held commission for ${w.campaignTitle} was approved`,
      body: `The ${amount} USDC for a purchase becomes available to withdraw once its validation window is over.${note}`,
      link: "/#my-commissions",
      campaignId: w.campaignId,
      isRead: false,
    });
    expect((await told()).filter((notification) => notification.eventType === "review-approved")).toEqual([
      approved("2"),
      approved("3"),
      approved("4", " The advertiser's note: Checked with the shop."),
    ]);
    const keys = await env.DB.prepare(
      `SELECT dedupe_key FROM notifications WHERE user_id = ? AND event_type LIKE 'review-%' ORDER BY dedupe_key`,
    )
      .bind(w.creatorId)
      .all<{ dedupe_key: string }>();
    expect(keys.results.map((row) => row.dedupe_key)).toEqual(
      ["told-a", "told-b", "told-c", "told-d"].map((eventId) => `review-decided:${idOf(eventId)}`).sort(),
    );
  });
});

describe("review settings", () => {
  it("start at 70 and 48 hours, are saved, and refuse bad values with a 400 naming each field", async () => {
    const w = await world();
    const read = await fetchWorker(reviewSettingsPath(w), { headers: { Authorization: w.memberBearer } });
    expect(riskSettingsSchema.parse(await read.json())).toEqual({ campaignId: w.campaignId, reviewThreshold: 70, reviewWindowHours: 48 });
    const bad = await fetchWorker(reviewSettingsPath(w), {
      method: "PUT",
      headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
      body: JSON.stringify({ reviewThreshold: 101, reviewWindowHours: 1.5 }),
    });
    expect(bad.status).toBe(400);
    expect(errorBodySchema.parse(await bad.json()).detail?.map((item) => item.loc)).toEqual([
      ["body", "reviewThreshold"],
      ["body", "reviewWindowHours"],
    ]);
    const otherCampaign = await fetchWorker(`/v1/advertiser/${w.advertiserId}/campaigns/nope/review-settings`, {
      method: "PUT",
      headers: { Authorization: w.memberBearer, "Content-Type": "application/json" },
      body: JSON.stringify({ reviewThreshold: 80, reviewWindowHours: 24 }),
    });
    expect(otherCampaign.status).toBe(404);
  });
});

describe("the console's Review page", () => {
  it("renders the held items with their reasons for members, and is Page Not Found for anyone else", async () => {
    const w = await world();
    await purchaseScored(w, "page-held", 10 * USDC, creatorWallet);
    const response = await fetchPage(`/advertiser/${w.advertiserId}/reviews`, await sessionCookieFor(w.memberId));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Held for review");
    expect(html).toContain("Select page-held");
    expect(html).toContain("The converting wallet is one of the creator&#x27;s own verified wallets. (+80)");
    expect(html).toContain("Risk 100");
    expect((await fetchPage(`/advertiser/${w.advertiserId}/reviews`, await sessionCookieFor(w.creatorId))).status).toBe(404);
  });
});

describe("device signals", () => {
  /**
   * A visit through the creator's link from a browser saying `userAgent` and `languages`, from `address`, carrying the
   * session cookie `cookie` when someone is signed in on it; its click id.
   */
  async function clickFrom(code: string, userAgent: string, languages: string, address: string, cookie?: string) {
    const visit = await fetchWorker(`/r/${code}`, {
      headers: {
        "cf-connecting-ip": address,
        "User-Agent": userAgent,
        "Accept-Language": languages,
        ...(cookie === undefined ? {} : { Cookie: cookie }),
      },
    });
    expect(visit.status).toBe(302);
    const clickId = new URL(visit.headers.get("location") ?? "").searchParams.get("chorus_click_id") ?? "";
    expect(clickId).toMatch(CLICK_ID);
    const link = await env.DB.prepare(`SELECT campaign_id FROM referral_links WHERE code = ?`).bind(code).first<{ campaign_id: string }>();
    const campaignId = link?.campaign_id ?? "";
    visitsCounted.set(campaignId, (visitsCounted.get(campaignId) ?? 0) + 1);
    return clickId;
  }

  async function linkCodeFrom(w: CommissionWorld, userAgent: string, languages: string) {
    const response = await fetchWorker(`/v1/campaign/${w.campaignId}/referral-link`, {
      headers: { Authorization: w.creatorBearer, "User-Agent": userAgent, "Accept-Language": languages },
    });
    expect(response.status).toBe(200);
    return referralLinkSchema.parse(await response.json()).code;
  }

  it("holds a click from the creator's own signed-in browser (self-referral), with that reason for the advertiser and the creator", async () => {
    const w = await world();
    // The creator, signed in on their laptop, follows their own link and buys through it.
    const code = await linkCodeFrom(w, "Mozilla/5.0 (Creator Laptop)", "de-CH");
    const ownClick = await clickFrom(code, "Mozilla/5.0 (Creator Laptop)", "de-CH", "203.0.113.7", await sessionCookieFor(w.creatorId));
    expect(await purchaseScored({ ...w, clickId: ownClick }, "own-device-1", 30 * USDC, shopperWallet)).toEqual({ scored: 1, held: 1 });

    const [held] = (await queueOf(w)).held;
    expect(held?.reasons.map((reason) => reason.signal)).toEqual(["own-device", "instant-conversion", "new-account"]);
    expect(held?.reasons[0]).toEqual({
      signal: "own-device",
      points: 80,
      text: "The click came from the creator's own browser, signed in to their Chorus account.",
    });
    expect(held?.evidence).toMatchObject({
      clickFromCreatorDevice: true,
      ownWallet: false,
      deviceClicksThatDay: 1,
      addressClicksThatDay: 1,
    });
    const [commission] = await commissionsOf(w);
    expect(commission?.review?.state).toBe("held");
    expect(commission?.review?.reasons[0]).toBe("The click came from the creator's own browser, signed in to their Chorus account.");
  });

  it("does not take a visitor for the creator: another person signed in, or a browser and language like the creator's", async () => {
    const w = await world();
    const code = await linkCodeFrom(w, "Mozilla/5.0 (Creator Laptop)", "de-CH");
    // The same browser and language as the creator's laptop, signed in as someone else (the advertiser's member).
    const strangerClick = await clickFrom(code, "Mozilla/5.0 (Creator Laptop)", "de-CH", "203.0.113.8", await sessionCookieFor(w.memberId));
    // 12 s after the click at most (40) and a new account (20): 60, watched, not held.
    expect(await purchaseScored({ ...w, clickId: strangerClick }, "stranger-1", 30 * USDC, shopperWallet)).toEqual({ scored: 1, held: 0 });
    const [commission] = await commissionsOf(w);
    expect(commission?.review?.state).toBe("in-review");
  });

  it("names a flood of clicks from one device (20 in a day, from 20 addresses) as a reason", async () => {
    const w = await world();
    const code = await linkCodeFrom(w, "Mozilla/5.0 (Creator Laptop)", "en");
    let lastClick = "";
    for (let index = 1; index <= 20; index += 1) {
      lastClick = await clickFrom(code, "Mozilla/5.0 (Flood Phone)", "fr", `192.0.2.${index}`);
    }
    // The device flood (30), the conversion within seconds of its click (40) and a new account (20): 90, held.
    expect(await purchaseScored({ ...w, clickId: lastClick }, "flood-1", 10 * USDC, shopperWallet)).toEqual({ scored: 1, held: 1 });
    const [held] = (await queueOf(w)).held;
    expect(held?.reasons.map((reason) => reason.signal)).toEqual(["instant-conversion", "device-flood", "new-account"]);
    expect(held?.reasons[1]).toEqual({
      signal: "device-flood",
      points: 30,
      text: "The click's device clicked this campaign's links 20 times that day.",
    });
    expect(held?.evidence).toMatchObject({ deviceClicksThatDay: 20, addressClicksThatDay: 1, clickFromCreatorDevice: false });
    expect(held?.score).toBe(90);
  });
});
