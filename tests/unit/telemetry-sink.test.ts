import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixedClock } from "../support/clock.ts";
import { createTelemetrySink, type TelemetrySink } from "../../emulators/telemetry-sink/server.ts";
import { KEPT_ITEMS } from "../../emulators/telemetry-sink/state.ts";
import { sinkItems } from "../support/telemetry-sink.ts";

const IKEY = "6f1c2a4e-4b7d-4c2e-9a51-0c0ffee0c0de";

let directory: string;
let statePath: string;
let clock: ReturnType<typeof fixedClock>;
let running: TelemetrySink[];
let base: string;

async function startSink(): Promise<string> {
  const sink = createTelemetrySink({ port: 0, statePath, now: clock.now });
  running.push(sink);
  return (await sink.start()).url;
}

beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), "telemetry-sink-"));
  statePath = join(directory, "emulators", "telemetry-sink.json");
  clock = fixedClock(Date.UTC(2026, 10, 23, 9, 0, 0));
  running = [];
  base = await startSink();
});

afterEach(async () => {
  for (const sink of running) await sink.stop();
  await rm(directory, { recursive: true, force: true });
});

const exception = (incidentId: string, message = "Loader failed") => ({
  name: `Microsoft.ApplicationInsights.${IKEY.replace(/-/g, "")}.Exception`,
  time: "2026-11-23T09:00:00.000Z",
  iKey: IKEY,
  tags: { "ai.operation.id": incidentId },
  data: {
    baseType: "ExceptionData",
    baseData: {
      ver: 2,
      exceptions: [{ typeName: "TypeError", message, hasFullStack: false }],
      properties: { incidentId, statusCode: 500 },
    },
  },
});
const pageView = (name: string) => ({
  name: `Microsoft.ApplicationInsights.${IKEY.replace(/-/g, "")}.Pageview`,
  time: "2026-11-23T09:00:01.000Z",
  iKey: IKEY,
  data: { baseType: "PageviewData", baseData: { ver: 2, name, url: "http://127.0.0.1:8787/" } },
});
const trace = (message: string) => ({
  name: `Microsoft.ApplicationInsights.${IKEY.replace(/-/g, "")}.Message`,
  time: "2026-11-23T09:00:02.000Z",
  iKey: IKEY,
  data: { baseType: "MessageData", baseData: { ver: 2, message } },
});

function track(
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = { "Content-Type": "application/json" },
  path = "/v2/track",
) {
  return fetch(`${base}${path}`, { method: "POST", headers, body });
}

describe("telemetry sink: Application Insights' POST /v2/track", () => {
  it("accepts a JSON array of envelopes, answers the counts and keeps each item with its kind, message and properties", async () => {
    const response = await track(JSON.stringify([exception("a1b2c3d4e5f6"), pageView("Dashboard"), trace("hello")]));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ itemsReceived: 3, itemsAccepted: 3, errors: [], appId: null });

    const items = await sinkItems(base);
    expect(items.map((item) => [item.type, item.message])).toEqual([
      ["trace", "hello"],
      ["pageView", "Dashboard"],
      ["exception", "TypeError: Loader failed"],
    ]);
    expect(items[2]).toMatchObject({
      iKey: IKEY,
      baseType: "ExceptionData",
      time: "2026-11-23T09:00:00.000Z",
      receivedAt: "2026-11-23T09:00:00.000Z",
      // Properties arrive as strings in the portal; a number sent by mistake is shown as its JSON.
      properties: { incidentId: "a1b2c3d4e5f6", statusCode: "500" },
    });
  });

  it("reads newline-delimited envelopes, gzip bodies, the SDK's beacon (text/plain) and /v2.1/track", async () => {
    const stream = await track(`${JSON.stringify(trace("one"))}\n${JSON.stringify(trace("two"))}\n`, {
      "Content-Type": "application/x-json-stream",
    });
    expect(await stream.json()).toMatchObject({ itemsReceived: 2, itemsAccepted: 2 });

    const gzip = await track(new Uint8Array(gzipSync(JSON.stringify([trace("three")]))), {
      "Content-Type": "application/json",
      "Content-Encoding": "gzip",
    });
    expect(await gzip.json()).toMatchObject({ itemsReceived: 1, itemsAccepted: 1 });

    const beacon = await track(JSON.stringify([trace("four")]), { "Content-Type": "text/plain;charset=UTF-8" });
    expect(await beacon.json()).toMatchObject({ itemsReceived: 1, itemsAccepted: 1 });

    const single = await track(JSON.stringify(trace("five")), { "Content-Type": "application/json" }, "/v2.1/track");
    expect(single.status).toBe(200);

    expect((await sinkItems(base, { type: "trace" })).map((item) => item.message)).toEqual(["five", "four", "three", "two", "one"]);
  });

  it("refuses an envelope without iKey, time or name by its index (206), and a batch of only such envelopes (400)", async () => {
    const { iKey: _iKey, ...withoutKey } = trace("no key");
    const { time: _time, ...withoutTime } = trace("no time");
    const partial = await track(JSON.stringify([trace("kept"), withoutKey, withoutTime, "not an envelope"]));
    expect(partial.status).toBe(206);
    expect(await partial.json()).toEqual({
      itemsReceived: 4,
      itemsAccepted: 1,
      appId: null,
      errors: [
        { index: 1, statusCode: 400, message: "Field 'iKey' on type 'Envelope' is required." },
        { index: 2, statusCode: 400, message: "Field 'time' on type 'Envelope' is required." },
        { index: 3, statusCode: 400, message: "Telemetry item must be a JSON object (an envelope)." },
      ],
    });

    const { name: _name, ...withoutName } = trace("no name");
    const none = await track(JSON.stringify([withoutName]));
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      itemsReceived: 1,
      itemsAccepted: 0,
      errors: [{ index: 0, statusCode: 400, message: "Field 'name' on type 'Envelope' is required." }],
    });

    expect((await sinkItems(base)).map((item) => item.message)).toEqual(["kept"]);
  });

  it("answers 400 to a body that is not JSON, empty, or not gzip when it says so", async () => {
    for (const [body, headers] of [
      ["{ not json", { "Content-Type": "application/json" }],
      ["", { "Content-Type": "application/json" }],
      ["plain text", { "Content-Type": "application/json", "Content-Encoding": "gzip" }],
    ] as const) {
      const response = await track(body, headers);
      expect(response.status, body).toBe(400);
      const answer = (await response.json()) as { itemsReceived: number; errors: { message: string }[] };
      expect(answer.itemsReceived).toBe(0);
      expect(answer.errors[0]?.message).toMatch(/not valid JSON|empty|not valid gzip/);
    }
    expect((await fetch(`${base}/v2/track`)).status).toBe(405);
    expect(await sinkItems(base)).toEqual([]);
  });
});

describe("telemetry sink: what a person and a test read", () => {
  it("filters by incidentId and type, lists newest first on its page, and clears", async () => {
    await track(JSON.stringify([exception("aaaaaaaaaaaa", "First failure"), pageView("Campaigns")]));
    clock.advance(1000);
    await track(JSON.stringify([exception("bbbbbbbbbbbb", "Second <failure>")]));

    expect((await sinkItems(base, { incidentId: "aaaaaaaaaaaa" })).map((item) => item.message)).toEqual(["TypeError: First failure"]);
    expect((await sinkItems(base, { type: "exception" })).map((item) => item.properties.incidentId)).toEqual([
      "bbbbbbbbbbbb",
      "aaaaaaaaaaaa",
    ]);
    expect(await sinkItems(base, { type: "PageviewData" })).toHaveLength(1);

    const page = await (await fetch(`${base}/`)).text();
    expect(page).toContain("Received items (3)");
    expect(page).toContain("TypeError: Second &lt;failure&gt;");
    expect(page.indexOf("bbbbbbbbbbbb")).toBeLessThan(page.indexOf("aaaaaaaaaaaa"));
    const filtered = await (await fetch(`${base}/?incidentId=aaaaaaaaaaaa`)).text();
    expect(filtered).toContain("Matching items (1)");
    expect(filtered).not.toContain("bbbbbbbbbbbb");

    const cleared = await fetch(`${base}/api/items`, { method: "DELETE" });
    expect(cleared.status).toBe(200);
    expect(await sinkItems(base)).toEqual([]);
  });

  it("keeps its items across a restart, the newest ones only", async () => {
    const many = Array.from({ length: KEPT_ITEMS + 2 }, (_, index) => trace(`message ${index}`));
    expect(await (await track(JSON.stringify(many))).json()).toMatchObject({ itemsAccepted: KEPT_ITEMS + 2 });
    for (const sink of running.splice(0)) await sink.stop();

    base = await startSink();
    const items = await sinkItems(base);
    expect(items).toHaveLength(KEPT_ITEMS);
    expect(items.at(-1)?.message).toBe("message 2");
  });
});
