import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreatedApiKey } from "../../../worker/contracts/api-keys.ts";
import { ingestResultSchema } from "../../../worker/contracts/conversions.ts";
import { errorBodySchema } from "../../../worker/contracts/errors.ts";
import { clickRecordShape, type ClickRecord } from "../../../worker/contracts/click-record.ts";
import { configFrom } from "../../../worker/config.ts";
import { CLICK_ID, referralLinkSchema, referralSettingsSchema } from "../../../worker/contracts/referrals.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { openClickId, type OpenedClick } from "../../../worker/domain/referrals/click-ids.ts";
import { CLICK_ARCHIVE_PREFIX } from "../../../worker/domain/referrals/store-clicks.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { fetchWorker } from "../support/fetch.ts";
import { accountWorld, nextId, type AccountWorld } from "../support/commissions.ts";
import { bearerFor } from "../support/sessions.ts";

/*
 * Referral links and attribution by click (issue 28 items 1 and 2, docs/decisions/043-referral-links.md): a joined
 * creator's `/r/{code}`, the click its id carries, the click archived and counted through the referral clicks queue
 * (decision 050), and conversions credited by click id and customer id.
 */

const now = Date.now();
const INGEST = "/v1/conversion/event/ingest";

/** The account world with a campaign in `status` whose links lead to `destinationUrl`. */
const world = (destinationUrl: string | null, status: "active" | "evaluated" = "active") =>
  accountWorld({ prefix: "ref", destinationUrl, status });

async function linkOf(w: AccountWorld) {
  const response = await fetchWorker(`/v1/campaign/${w.campaignId}/referral-link`, {
    headers: { Authorization: w.creatorBearer },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return referralLinkSchema.parse(await response.json());
}

function visit(code: string, address = "203.0.113.7", query = "") {
  return fetchWorker(`/r/${code}${query}`, {
    headers: { "cf-connecting-ip": address, "User-Agent": "Mozilla/5.0 (Test Phone)", Referer: "https://x.com/" },
  });
}

/** Visits the link and returns the click id the destination received. */
async function clickThrough(w: AccountWorld, code: string, address?: string): Promise<string> {
  const response = await visit(code, address);
  expect(response.status).toBe(302);
  const clickId = new URL(response.headers.get("location") ?? "").searchParams.get("chorus_click_id");
  expect(clickId).toMatch(CLICK_ID);
  return clickId ?? "";
}

/** The click a click id carries, opened with the worker's key. */
async function opened(clickId: string): Promise<OpenedClick> {
  const click = await openClickId(configFrom(env).secrets.tokenEncryptionKey, clickId);
  if (click === null) throw new Error(`${clickId} does not open`);
  return click;
}

// The queue delivers within its batch timeout (a second): the waits below are for delivery, not for a lifecycle.
const DELIVERY_DEADLINE_MS = 10_000;

/** The link's counted clicks once they reach `expected` (or the deadline passes). */
async function clicksCounted(w: AccountWorld, expected: number): Promise<number> {
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const { clicks } = await linkOf(w);
    if (clicks >= expected || Date.now() > deadline) return clicks;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The click as the queue's consumer archived it. */
async function archivedClick(clickId: string): Promise<ClickRecord | null> {
  const deadline = Date.now() + DELIVERY_DEADLINE_MS;
  for (;;) {
    const listing = await env.ANALYTICS_ARCHIVE.list({ prefix: CLICK_ARCHIVE_PREFIX });
    for (const object of listing.objects) {
      const text = (await (await env.ANALYTICS_ARCHIVE.get(object.key))?.text()) ?? "";
      for (const line of text.split("\n").filter((part) => part !== "")) {
        const click = clickRecordShape.assert(JSON.parse(line));
        if (click.clickId === clickId) return click;
      }
    }
    if (Date.now() > deadline) return null;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function ingest(key: CreatedApiKey, events: unknown[]) {
  return fetchWorker(INGEST, {
    method: "POST",
    headers: { "Content-Type": "application/json", "api-key": key.keyId, "api-secret": key.secret },
    body: JSON.stringify({ events }),
  });
}

const wallet = `0x${"ab".repeat(20)}`;
const event = (eventId: string, fields: Record<string, unknown>) => ({
  eventId,
  type: "purchase",
  walletAddress: wallet,
  chain: "evm",
  value: 50_000_000,
  currency: "USDC",
  occurredAt: now,
  ...fields,
});

describe("a creator's referral link", () => {
  let w: AccountWorld;
  beforeAll(async () => {
    w = await world("https://shop.example/landing?ref=chorus");
  });

  it("is made as the creator joins, on the host they asked on, with no clicks yet", async () => {
    const link = await linkOf(w);
    expect(link.code).toMatch(/^[0-9a-f]{12}$/);
    expect(link.url).toBe(`http://127.0.0.1:8787/r/${link.code}`);
    expect(link).toMatchObject({ campaignId: w.campaignId, clicks: 0, destinationUrl: "https://shop.example/landing?ref=chorus" });
    expect(link.attributionWindowDays).toBe(30);
  });

  it("is refused to someone who did not join, and for a campaign that does not exist", async () => {
    const stranger = buildUser(nextId("ref_stranger_"), now);
    await env.DB.batch(insertUserStatements(env.DB, stranger, ["creator"]));
    const bearer = await bearerFor(stranger.id);
    const notJoined = await fetchWorker(`/v1/campaign/${w.campaignId}/referral-link`, { headers: { Authorization: bearer } });
    expect(notJoined.status).toBe(403);
    expect(errorBodySchema.parse(await notJoined.json()).code).toBe("not_joined");
    const missing = await fetchWorker(`/v1/campaign/no-such-campaign/referral-link`, { headers: { Authorization: bearer } });
    expect(missing.status).toBe(404);
    const signedOut = await fetchWorker(`/v1/campaign/${w.campaignId}/referral-link`);
    expect(signedOut.status).toBe(401);
  });

  it("sends a visitor to the destination with a click id that carries the click, archives the click with hashed address and device, and counts it", async () => {
    const { code } = await linkOf(w);
    const response = await visit(code, "198.51.100.23", "?utm_source=x&utm_campaign=launch");
    expect(response.status).toBe(302);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const location = new URL(response.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe("https://shop.example/landing");
    expect(location.searchParams.get("ref")).toBe("chorus");
    const clickId = location.searchParams.get("chorus_click_id") ?? "";
    expect(clickId).toMatch(CLICK_ID);

    const click = await opened(clickId);
    expect(click).toMatchObject({ clickId, code, attributionWindowDays: 30, byCreator: false });
    expect(click.expiresAt - click.at).toBe(30 * 86_400_000);
    expect(click.addressHash).toMatch(/^[0-9a-f]{16}$/);
    expect(click.deviceHash).toMatch(/^[0-9a-f]{16}$/);
    const archived = await archivedClick(clickId);
    expect(archived).toEqual({
      clickId,
      code,
      campaignId: w.campaignId,
      creatorUserId: w.creatorId,
      at: click.at,
      referrer: "https://x.com/",
      utm: { utm_source: "x", utm_campaign: "launch" },
      deviceHash: click.deviceHash,
      addressHash: click.addressHash,
    });
    expect(JSON.stringify(archived)).not.toContain("198.51.100.23");
    expect(JSON.stringify(archived)).not.toContain("Test Phone");
    // The same address hashes the same way, another address differently.
    const again = await opened(await clickThrough(w, code, "198.51.100.23"));
    const elsewhere = await opened(await clickThrough(w, code, "198.51.100.24"));
    expect(again.addressHash).toBe(click.addressHash);
    expect(elsewhere.addressHash).not.toBe(click.addressHash);

    expect(await clicksCounted(w, 3)).toBe(3);
  });

  it("stops counting a flood from one address but still sends the visitor on", async () => {
    const { code } = await linkOf(w);
    const before = (await linkOf(w)).clicks;
    // The platform's limiter counts in windows aligned to the wall clock's minutes (its own clock, not one a test can
    // move): 32 visits split across two windows would all pass. So they start early in a minute, with time to spare.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 30_000) await new Promise((resolve) => setTimeout(resolve, 60_000 - intoMinute + 50));
    const locations: string[] = [];
    for (let visitNumber = 0; visitNumber < 32; visitNumber += 1) {
      const response = await visit(code, "192.0.2.99");
      expect(response.status).toBe(302);
      locations.push(response.headers.get("location") ?? "");
    }
    const withClickId = locations.filter((location) => location.includes("chorus_click_id="));
    expect(withClickId).toHaveLength(30);
    expect(locations.at(-1)).toBe("https://shop.example/landing?ref=chorus");
    expect(await clicksCounted(w, before + 30)).toBe(before + 30);
  }, 90_000);

  it("sends a crawler on without a click: X's card preview fetching the link is no visit", async () => {
    const { code } = await linkOf(w);
    const before = (await linkOf(w)).clicks;
    const response = await fetchWorker(`/r/${code}`, { headers: { "cf-connecting-ip": "203.0.113.80", "User-Agent": "Twitterbot/1.0" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://shop.example/landing?ref=chorus");
    expect((await linkOf(w)).clicks).toBe(before);
  });

  it("opens the campaign's page, on the visitor's host, where the advertiser set no destination", async () => {
    const noDestination = await world(null);
    const { code } = await linkOf(noDestination);
    const response = await fetchWorker(`http://127.0.0.1:8787/r/${code}`, { headers: { "cf-connecting-ip": "203.0.113.50" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`http://127.0.0.1:8787/campaign/${noDestination.campaignId}`);
  });

  it("leads on from a finished campaign's link without a click, and a code that is no link is the pages' 404", async () => {
    const finished = await world("https://shop.example/", "evaluated");
    const { code } = await linkOf(finished);
    const response = await visit(code);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://shop.example/");
    const unknown = await fetchWorker("/r/000000000000", { headers: { Accept: "text/html" } });
    expect(unknown.status).toBe(404);
  });
});

describe("ingestion that attributes by click", () => {
  let w: AccountWorld;
  let code: string;
  beforeAll(async () => {
    w = await world("https://shop.example/");
    code = (await linkOf(w)).code;
  });

  it("credits a lead with a click id to the click's creator, and a later sale with only the customer id to the same", async () => {
    const clickId = await clickThrough(w, code);
    const lead = await ingest(w.key, [
      event(nextId("lead-"), { type: "signup", value: undefined, currency: undefined, clickId, customerId: "cust-42" }),
    ]);
    expect(lead.status, await lead.clone().text()).toBe(200);
    expect(ingestResultSchema.parse(await lead.json()).results[0]?.attribution).toEqual({
      via: "click",
      campaignId: w.campaignId,
      creatorId: w.creatorId,
    });
    const sale = await ingest(w.key, [event(nextId("sale-"), { customerId: "cust-42", orderId: "order-9001" })]);
    const saleResult = ingestResultSchema.parse(await sale.json());
    expect(saleResult.results[0]?.attribution).toEqual({ via: "customer", campaignId: w.campaignId, creatorId: w.creatorId });

    const rows = await env.DB.prepare(
      `SELECT event_id, campaign_id, inviter_user_id, attributed_via, click_id, customer_id, order_id FROM conversion_events
       WHERE advertiser_id = ? ORDER BY received_at, event_id`,
    )
      .bind(w.advertiserId)
      .all<Record<string, unknown>>();
    expect(rows.results.map((row) => [row.attributed_via, row.campaign_id, row.inviter_user_id, row.customer_id])).toEqual([
      ["click", w.campaignId, w.creatorId, "cust-42"],
      ["customer", w.campaignId, w.creatorId, "cust-42"],
    ]);
    const counted = await env.DB.prepare(
      `SELECT SUM(conversions) AS conversions FROM creator_conversions_daily WHERE advertiser_id = ? AND user_id = ?`,
    )
      .bind(w.advertiserId, w.creatorId)
      .first<{ conversions: number }>();
    expect(counted?.conversions).toBe(2);
  });

  it("counts an order id once for 7 days, in one batch and across calls, and says why", async () => {
    const first = ingestResultSchema.parse(await (await ingest(w.key, [event(nextId("o-"), { orderId: "order-77" })])).json());
    expect(first.results[0]?.status).toBe("accepted");
    const firstAgain = nextId("o-");
    const repeated = ingestResultSchema.parse(
      await (await ingest(w.key, [event(firstAgain, { orderId: "order-77" }), event(nextId("o-"), { orderId: "order-78" })])).json(),
    );
    expect(repeated.results.map((result) => [result.status, result.reason ?? null])).toEqual([
      ["duplicate", "its orderId was counted for this account in the last 7 days, under another event id"],
      ["accepted", null],
    ]);
    const inOneBatch = ingestResultSchema.parse(
      await (await ingest(w.key, [event(nextId("o-"), { orderId: "order-79" }), event(nextId("o-"), { orderId: "order-79" })])).json(),
    );
    expect(inOneBatch.results.map((result) => result.status)).toEqual(["accepted", "duplicate"]);
    expect(inOneBatch).toMatchObject({ accepted: 1, duplicates: 1 });
  });

  it("says why an event was not credited: an altered click id, another account's click, nothing to go by", async () => {
    const other = await world("https://other.example/");
    const othersClick = await clickThrough(other, (await linkOf(other)).code);
    // A click id of this account's with one character changed: its HMAC no longer matches.
    const ownClick = await clickThrough(w, code);
    const result = ingestResultSchema.parse(
      await (
        await ingest(w.key, [
          event(nextId("u-"), { clickId: `${ownClick.slice(0, 20)}${ownClick[20] === "A" ? "B" : "A"}${ownClick.slice(21)}` }),
          event(nextId("u-"), { clickId: othersClick }),
          event(nextId("u-"), { clickId: "not-a-click-id" }),
          event(nextId("u-"), {}),
        ])
      ).json(),
    );
    expect(result.results.map((item) => item.attribution)).toEqual([
      { via: null, campaignId: null, creatorId: null, reason: "its clickId is unknown, or past its campaign's attribution window" },
      { via: null, campaignId: null, creatorId: null, reason: "its clickId is from a campaign of another account" },
      { via: null, campaignId: null, creatorId: null, reason: "its clickId is unknown, or past its campaign's attribution window" },
      { via: null, campaignId: null, creatorId: null, reason: "no click id, known customer id or verified wallet" },
    ]);
  });

  it("refuses a click id with a control character with a 400 naming the event and field", async () => {
    const response = await ingest(w.key, [event(nextId("bad-"), { clickId: "clk_\u0000" })]);
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(body.detail).toEqual([
      { loc: ["body", "events", 0, "clickId"], msg: "must be the click id your destination received (1 to 200 characters)" },
    ]);
  });
});

describe("the advertiser's settings for a campaign's referral links", () => {
  const put = (w: AccountWorld, body: unknown, bearer = w.memberBearer) =>
    fetchWorker(`/v1/advertiser/${w.advertiserId}/campaigns/${w.campaignId}/referrals`, {
      method: "PUT",
      headers: { Authorization: bearer, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });

  it("sets where links lead, the click id's parameter and the window; later clicks follow them", async () => {
    const w = await world(null);
    const { code } = await linkOf(w);
    const saved = await put(w, { destinationUrl: "https://shop.example/spring", clickIdParam: "ref_click", attributionWindowDays: 7 });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(referralSettingsSchema.parse(await saved.json())).toEqual({
      campaignId: w.campaignId,
      destinationUrl: "https://shop.example/spring",
      clickIdParam: "ref_click",
      attributionWindowDays: 7,
      links: 1,
      clicks: 0,
    });
    const response = await visit(code, "203.0.113.77");
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.pathname).toBe("/spring");
    const clickId = location.searchParams.get("ref_click") ?? "";
    const click = await opened(clickId);
    expect(click.expiresAt - click.at).toBe(7 * 86_400_000);
    expect(await clicksCounted(w, 1)).toBe(1);
    const read = await fetchWorker(`/v1/advertiser/${w.advertiserId}/campaigns/${w.campaignId}/referrals`, {
      headers: { Authorization: w.memberBearer },
    });
    expect(referralSettingsSchema.parse(await read.json()).clicks).toBe(1);
  });

  it("refuses a destination that is not a web address, a bad parameter and a window over 90 days, naming each field", async () => {
    const w = await world(null);
    const response = await put(w, { destinationUrl: "javascript:alert(1)", clickIdParam: "a b", attributionWindowDays: 91 });
    expect(response.status).toBe(400);
    const body = errorBodySchema.parse(await response.json());
    expect(body.detail?.map((field) => field.loc.join("."))).toEqual([
      "body.destinationUrl",
      "body.clickIdParam",
      "body.attributionWindowDays",
    ]);
  });

  it("is the account members' only: anyone else gets the account's 404", async () => {
    const w = await world(null);
    const response = await put(w, { destinationUrl: null }, w.creatorBearer);
    expect(response.status).toBe(404);
  });
});
