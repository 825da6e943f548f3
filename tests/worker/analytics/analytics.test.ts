import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../../worker/clock.ts";
import { ANALYTICS_BODY_LIMIT_BYTES, ANALYTICS_EVENTS_PATH, type AnalyticsQueueMessage } from "../../../worker/contracts/analytics.ts";
import { insertUserStatements } from "../../../worker/db/users.ts";
import { ARCHIVE_PREFIX } from "../../../worker/domain/analytics/store-events.ts";
import { handleAnalyticsQueue } from "../../../worker/jobs/analytics-consumer.ts";
import { buildUser } from "../../../fixtures/factories.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { fetchWorker } from "../support/fetch.ts";
import { startInFreshRateLimitWindow } from "../../support/rate-limit-window.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";
import { expectError } from "../support/http.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

/*
 * The tracker's endpoint and the queue consumer (docs/decisions/022-analytics-and-telemetry.md): batches go through
 * the real queue of the worker under test into the R2 archive (docs/decisions/036-events-out-of-d1.md); the consumer
 * is also driven directly with a delivered batch.
 */

const suffix = String(Date.now() % 1_000_000);
const viewer = buildUser(`an_viewer_${suffix}`, Date.now());
let sequence = 0;

beforeAll(async () => {
  await env.DB.batch(insertUserStatements(env.DB, viewer, ["creator"]));
});

function eventId(): string {
  sequence += 1;
  return `evt-${suffix}-${sequence}`.padEnd(8, "0");
}

function event(overrides: Record<string, unknown> = {}) {
  return { id: eventId(), name: "landing_viewed", occurredAt: Date.now(), pagePath: "/landing/aurora", ...overrides };
}

function send(body: unknown, headers: Record<string, string> = {}, raw?: string): Promise<Response> {
  return fetchWorker(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    headers: { "Content-Type": "application/json", "cf-connecting-ip": uniqueClientAddress(), ...headers },
    body: raw ?? JSON.stringify(body),
  });
}

type StoredEvent = { id: string; user_id: string | null; device_id: string; campaign_id: string | null; utm_campaign: string | null };

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** The archived events of a device (every line of every object in R2), with the column names D1 used to have. */
async function storedEvents(deviceId: string): Promise<StoredEvent[]> {
  const rows: Array<Record<string, unknown>> = [];
  let cursor: string | undefined;
  do {
    const listing = await env.ANALYTICS_ARCHIVE.list({ prefix: ARCHIVE_PREFIX, ...(cursor === undefined ? {} : { cursor }) });
    for (const object of listing.objects) {
      const text = (await (await env.ANALYTICS_ARCHIVE.get(object.key))?.text()) ?? "";
      for (const line of text.split("\n").filter((part) => part !== "")) {
        const row = JSON.parse(line) as Record<string, unknown>;
        if (row.deviceId === deviceId) rows.push(Object.fromEntries(Object.entries(row).map(([key, value]) => [snakeCase(key), value])));
      }
    }
    cursor = listing.truncated ? listing.cursor : undefined;
  } while (cursor !== undefined);
  const ordered = rows as unknown as Array<StoredEvent & { occurred_at: number }>;
  return ordered.sort((a, b) => a.occurred_at - b.occurred_at || a.id.localeCompare(b.id));
}

/** The queue delivers within its batch timeout (a second); waiting here is for delivery, not for a lifecycle. */
async function eventsArrive(deviceId: string, count: number): Promise<StoredEvent[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const rows = await storedEvents(deviceId);
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("POST /v1/events", () => {
  it("answers 202 and the events reach the archive through the queue, with the batch's attribution and mapped ids", async () => {
    const deviceId = `device-anon-${suffix}`;
    const response = await send({
      deviceId,
      attribution: { utm_source: "newsletter", utm_campaign: "spring", first_utm_campaign: "winter", invite_id: "inv-1" },
      events: [
        event({ properties: { advertiser_id: "advertiser-aurora" } }),
        event({
          name: "sign_in_clicked",
          properties: { campaign_id: "campaign-aurora-launch", button: "hero" },
          referrer: "https://x.com/",
        }),
        event({ name: "campaign_joined", properties: { campaign_id: "not an id!" } }),
      ],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toMatchObject({ accepted: 3 });

    const rows = await eventsArrive(deviceId, 3);
    expect(rows).toHaveLength(3);
    expect(rows.map((row) => row.campaign_id)).toEqual([null, "campaign-aurora-launch", null]);
    expect(rows[1]).toMatchObject({
      user_id: null,
      utm_source: "newsletter",
      utm_campaign: "spring",
      first_utm_campaign: "winter",
      invite_id: "inv-1",
      referrer: "https://x.com/",
      advertiser_id: null,
    });
    expect(rows[0]).toMatchObject({ advertiser_id: "advertiser-aurora" });
    expect(JSON.parse((rows[1] as unknown as { properties: string }).properties)).toEqual({
      campaign_id: "campaign-aurora-launch",
      button: "hero",
    });
  });

  it("attaches the signed-in user of the bearer token and ignores the body's userId", async () => {
    const deviceId = `device-bearer-${suffix}`;
    const response = await send(
      { deviceId, userId: "user-someone-else", events: [event(), event({ name: "user_site_redirected" })] },
      { Authorization: await bearerFor(viewer.id) },
    );
    expect(response.status).toBe(202);
    const rows = await eventsArrive(deviceId, 2);
    expect(rows.map((row) => row.user_id)).toEqual([viewer.id, viewer.id]);
  });

  it("reads the session cookie of a sendBeacon (text/plain) batch", async () => {
    const deviceId = `device-beacon-${suffix}`;
    const response = await send(
      { deviceId, userId: "user-someone-else", events: [event()] },
      { "Content-Type": "text/plain;charset=UTF-8", Cookie: await sessionCookieFor(viewer.id) },
    );
    expect(response.status).toBe(202);
    expect((await eventsArrive(deviceId, 1)).map((row) => row.user_id)).toEqual([viewer.id]);
  });

  it("keeps events sent with a stale bearer token, without a user", async () => {
    const deviceId = `device-stale-${suffix}`;
    const response = await send({ deviceId, events: [event()] }, { Authorization: "Bearer not-a-token" });
    expect(response.status).toBe(202);
    expect((await eventsArrive(deviceId, 1)).map((row) => row.user_id)).toEqual([null]);
  });

  it("refuses a malformed batch with 400 naming the event and the field, and stores nothing of it", async () => {
    const deviceId = `device-bad-${suffix}`;
    const body = await expectError(await send({ deviceId, events: [event(), event({ name: "Bad Name" }), event({ pagePath: "" })] }), 400);
    expect(body.code).toBe("invalid_request");
    expect(body.detail?.map((field) => field.loc)).toEqual([
      ["body", "events", 1, "name"],
      ["body", "events", 2, "pagePath"],
    ]);
    expect(body.message).toContain("events.1.name");
    const missing = await expectError(await send({ events: [event()] }), 400);
    expect(missing.detail).toEqual([{ loc: ["body", "deviceId"], msg: expect.stringContaining("must be") }]);
    expect((await expectError(await send(null, {}, "{not json"), 400)).detail).toEqual([{ loc: ["body"], msg: "must be JSON" }]);
    expect((await expectError(await send({ deviceId, events: [event()] }, { "Content-Type": "text/html" }), 400)).detail?.[0]?.loc).toEqual(
      ["header", "content-type"],
    );
    // Nothing of the refused batches was queued.
    await send({ deviceId, events: [event({ name: "marker" })] });
    expect((await eventsArrive(deviceId, 1)).map((row) => (row as unknown as { name: string }).name)).toEqual(["marker"]);
  });

  it("leaves out, and names, events from more than 24 hours ahead or more than 7 days ago", async () => {
    const deviceId = `device-time-${suffix}`;
    const now = Date.now();
    const response = await send({
      deviceId,
      events: [event({ occurredAt: now + 25 * HOUR }), event({ occurredAt: now - HOUR }), event({ occurredAt: now - 8 * DAY })],
    });
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({
      accepted: 1,
      refused: [
        { loc: ["body", "events", 0, "occurredAt"], msg: "is more than 24 hours in the future" },
        { loc: ["body", "events", 2, "occurredAt"], msg: "is more than 7 days in the past" },
      ],
    });
    expect(await eventsArrive(deviceId, 1)).toHaveLength(1);
    const allStale = await expectError(await send({ deviceId, events: [event({ occurredAt: now - 8 * DAY })] }), 400);
    expect(allStale.detail).toEqual([{ loc: ["body", "events", 0, "occurredAt"], msg: "is more than 7 days in the past" }]);
  });

  it("refuses a body over the limit with 413", async () => {
    const padding = "x".repeat(2000);
    const events = Array.from({ length: 70 }, () => event({ properties: { a: padding } }));
    const raw = JSON.stringify({ deviceId: `device-huge-${suffix}`, events });
    expect(raw.length).toBeGreaterThan(ANALYTICS_BODY_LIMIT_BYTES);
    const body = await expectError(await send(null, {}, raw), 413);
    expect(body.code).toBe("body_too_large");
    expect(body.message).toContain("128 KB");
  });

  it("answers 429 with Retry-After once one client sent too many batches in a minute, other clients unaffected", async () => {
    await startInFreshRateLimitWindow(5_000);
    const address = { "cf-connecting-ip": uniqueClientAddress() };
    const deviceId = `device-flood-${suffix}`;
    const statuses: number[] = [];
    for (let round = 0; round < 11; round += 1) {
      const answers = await Promise.all(Array.from({ length: 11 }, () => send({ deviceId, events: [event()] }, address)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 202)).toHaveLength(120);
    const refused = await send({ deviceId, events: [event()] }, address);
    const body = await expectError(refused, 429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    expect(body.code).toBe("rate_limited");
    expect((await send({ deviceId, events: [event()] }, { "cf-connecting-ip": "198.51.100.7" })).status).toBe(202);
  }, 30_000);
});

describe("the analytics queue consumer", () => {
  function message<Body>(id: string, body: Body, attempts = 1) {
    return { id, timestamp: new Date(), attempts, body };
  }

  it("writes a batch once when the queue delivers it twice, and acknowledges every message", async () => {
    const deviceId = `device-twice-${suffix}`;
    const bodies: AnalyticsQueueMessage[] = [0, 1].map(() => ({
      deviceId,
      events: [event(), event({ name: "sign_in_clicked" })],
      sessionUserId: viewer.id,
      receivedAt: Date.now(),
    }));
    const deliver = async (attempts: number) => {
      const batch = createMessageBatch<AnalyticsQueueMessage>(
        "chorus-analytics",
        bodies.map((body, index) => message(`msg-${suffix}-${index}`, body, attempts)),
      );
      const ctx = createExecutionContext();
      await handleAnalyticsQueue(batch, env, ctx);
      return getQueueResult(batch, ctx);
    };
    const first = await deliver(1);
    expect(first.explicitAcks.sort()).toEqual([`msg-${suffix}-0`, `msg-${suffix}-1`]);
    expect(first.retryMessages).toEqual([]);
    const second = await deliver(2);
    expect(second.explicitAcks).toHaveLength(2);
    const rows = await storedEvents(deviceId);
    expect(rows).toHaveLength(4);
    expect(new Set(rows.map((row) => row.id)).size).toBe(4);
  });

  it("archives a batch whose user no longer exists as it came, and drops a message that is no batch", async () => {
    const logged = expectConsoleErrors();
    const deviceId = `device-gone-${suffix}`;
    const batch = createMessageBatch<unknown>("chorus-analytics", [
      message(`gone-${suffix}`, { deviceId, events: [event()], sessionUserId: "user-deleted-long-ago", receivedAt: Date.now() }),
      message(`junk-${suffix}`, { hello: "world" }),
    ]);
    const ctx = createExecutionContext();
    await handleAnalyticsQueue(batch, env, ctx);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks.sort()).toEqual([`gone-${suffix}`, `junk-${suffix}`]);
    expect((await storedEvents(deviceId)).map((row) => row.user_id)).toEqual(["user-deleted-long-ago"]);
    expect(logged()).toEqual([expect.stringContaining(`junk-${suffix} is not a batch of events`)]);
  });
});
