import { describe, expect, it } from "vitest";
import { checkConversionEvent, checkIngestBody, MAX_EVENTS_PER_BATCH } from "../../worker/contracts/conversions.ts";

const evm = "0x52908400098527886E0F7030069857D2E4169EE7";
const solana = "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV";
const base = { eventId: "e-1", type: "purchase", walletAddress: evm, chain: "evm", occurredAt: "2026-11-20T10:00:00Z" };

function locs(input: unknown): string[] {
  const check = checkConversionEvent(input, ["body", "events", 3]);
  return check.ok ? [] : check.detail.map((field) => field.loc.join("."));
}

describe("one conversion event", () => {
  it("accepts a minimal event and derives the address key and the time", () => {
    const check = checkConversionEvent(base, ["body"]);
    expect(check).toEqual({
      ok: true,
      event: {
        eventId: "e-1",
        type: "purchase",
        walletAddress: evm,
        addressKey: evm.toLowerCase(),
        chain: "evm",
        value: null,
        currency: null,
        occurredAt: Date.parse("2026-11-20T10:00:00Z"),
        metadata: null,
        clickId: null,
        customerId: null,
        orderId: null,
        reversesEventId: null,
      },
    });
  });

  it("keeps a Solana address as given, epoch ms as the time, and metadata serialized", () => {
    const check = checkConversionEvent(
      { ...base, chain: "solana", walletAddress: solana, occurredAt: 1_764_000_000_000, value: 25, currency: "SOL", metadata: { a: 1 } },
      ["body"],
    );
    expect(check).toMatchObject({
      ok: true,
      event: { addressKey: solana, occurredAt: 1_764_000_000_000, value: 25, currency: "SOL", metadata: '{"a":1}' },
    });
  });

  it("names each bad field with the event's index", () => {
    expect(locs({ ...base, eventId: "" })).toEqual(["body.events.3.eventId"]);
    expect(locs({ ...base, eventId: "x".repeat(201) })).toEqual(["body.events.3.eventId"]);
    expect(locs({ ...base, type: "refund-ish" })).toEqual(["body.events.3.type"]);
    expect(locs({ ...base, chain: "btc" })).toEqual(["body.events.3.chain"]);
    expect(locs({ ...base, value: 1.5, currency: "USDC" })).toEqual(["body.events.3.value"]);
    expect(locs({ ...base, value: -1, currency: "USDC" })).toEqual(["body.events.3.value"]);
    expect(locs({ ...base, currency: "usdc" })).toEqual(["body.events.3.currency"]);
    expect(locs({ ...base, metadata: [1, 2] })).toEqual(["body.events.3.metadata"]);
    expect(locs({ eventId: "e" })).toEqual(
      expect.arrayContaining(["body.events.3.type", "body.events.3.walletAddress", "body.events.3.chain", "body.events.3.occurredAt"]),
    );
  });

  it("refuses an event id with a control character (SQLite's length() stops at NUL)", () => {
    expect(locs({ ...base, eventId: "\u0000x" })).toEqual(["body.events.3.eventId"]);
    expect(locs({ ...base, eventId: "a\nb" })).toEqual(["body.events.3.eventId"]);
  });

  it("names a field nested 5,000 arrays deep instead of overflowing the stack", () => {
    let deep: unknown = "signup";
    for (let level = 0; level < 5_000; level += 1) deep = [deep];
    const check = checkConversionEvent({ ...base, type: deep, chain: deep }, ["body", "events", 3]);
    expect(check).toEqual({
      ok: false,
      detail: [
        {
          loc: ["body", "events", 3, "type"],
          msg: "must be one of signup, deposit, withdrawal, purchase, trade, subscription, other, refund, chargeback, not an array",
        },
        { loc: ["body", "events", 3, "chain"], msg: 'must be "evm" or "solana", not an array' },
      ],
    });
  });

  it("never quotes the value it refuses", () => {
    const huge = "z".repeat(50_000);
    const check = checkConversionEvent({ ...base, type: huge, currency: huge, eventId: huge, walletAddress: huge }, ["body"]);
    expect(check.ok).toBe(false);
    expect(JSON.stringify(check).length).toBeLessThan(1_000);
    const numbers = checkIngestBody({ ...base, type: Array.from({ length: 100_000 }, (_, index) => index) });
    expect(numbers).toEqual({
      ok: false,
      detail: [
        {
          loc: ["body", "type"],
          msg: "must be one of signup, deposit, withdrawal, purchase, trade, subscription, other, refund, chargeback, not an array",
        },
      ],
    });
  });

  it("checks the rules across fields", () => {
    expect(locs({ ...base, walletAddress: "0x1234" })).toEqual(["body.events.3.walletAddress"]);
    expect(locs({ ...base, chain: "solana" })).toEqual(["body.events.3.walletAddress"]);
    expect(locs({ ...base, value: 10 })).toEqual(["body.events.3.currency"]);
    expect(locs({ ...base, occurredAt: "soon" })).toEqual(["body.events.3.occurredAt"]);
    expect(locs({ ...base, occurredAt: 1_764_000_000 })).toEqual(["body.events.3.occurredAt"]);
    expect(locs({ ...base, value: Number.MAX_SAFE_INTEGER + 2, currency: "USDC" })).toEqual(["body.events.3.value"]);
    expect(locs({ ...base, metadata: { blob: "x".repeat(2100) } })).toEqual(["body.events.3.metadata"]);
  });
});

describe("the ingest body", () => {
  it("takes one bare event or { events } with 1 to 100", () => {
    const single = checkIngestBody(base);
    expect(single).toMatchObject({ ok: true, checked: { batch: false, valid: [{ index: 0 }], rejected: [] } });
    const batch = checkIngestBody({ events: [base, { ...base, eventId: "e-2" }] });
    expect(batch).toMatchObject({ ok: true, checked: { batch: true, valid: [{ index: 0 }, { index: 1 }], rejected: [] } });
  });

  it("refuses other shapes and sizes as a whole", () => {
    for (const body of [
      null,
      "event",
      [base],
      { events: "x" },
      { events: [] },
      { events: Array.from({ length: MAX_EVENTS_PER_BATCH + 1 }, () => base) },
    ]) {
      expect(checkIngestBody(body).ok).toBe(false);
    }
  });

  it("splits a batch into valid events and rejected ones with their index and event id", () => {
    const result = checkIngestBody({ events: [base, { ...base, eventId: "bad", chain: "btc" }, 7] });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.checked.valid.map((item) => item.index)).toEqual([0]);
    expect(result.checked.rejected.map((item) => [item.index, item.eventId])).toEqual([
      [1, "bad"],
      [2, null],
    ]);
    expect(result.checked.rejected[1]?.detail[0]?.loc).toEqual(["body", "events", 2]);
  });
});
