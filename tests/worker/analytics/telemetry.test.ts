import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { systemClock } from "../../../worker/clock.ts";
import type { ExceptionReport } from "../../../worker/clients/exception-report.ts";
import { fixedClock } from "../../support/clock.ts";
import { TelemetryUnreachableError, createTelemetry } from "../../../worker/clients/telemetry.ts";
import { seedDemoData } from "../../../fixtures/demo-data.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { sinkItems, telemetrySinkUrl, waitForSinkItems } from "../../support/telemetry-sink.ts";
import { testTelemetry } from "../../support/test-bindings.ts";
import { fetchPage, fetchWorker } from "../support/fetch.ts";
import { startInFreshRateLimitWindow } from "../../support/rate-limit-window.ts";
import { bearerFor, sessionCookieFor } from "../support/sessions.ts";
import { uniqueClientAddress } from "../support/client-address.ts";

const sink = telemetrySinkUrl(env.APPLICATIONINSIGHTS_CONNECTION_STRING);
const IKEY = testTelemetry.instrumentationKey;
const OTHER_IKEY = "11111111-2222-4333-8444-555555555555";

let signedIn: string;
beforeAll(async () => {
  await seedDemoData(env.DB, fixedClock(Date.now()));
  signedIn = await sessionCookieFor("user-ada_creates");
});

/** A fresh incident id and client address per test: the sink and the rate limiter are shared by every test file. */
function unique(): { incidentId: string; address: string } {
  return { incidentId: crypto.randomUUID().replace(/-/g, "").slice(0, 12), address: uniqueClientAddress() };
}

function envelope(incidentId: string, overrides: Record<string, unknown> = {}) {
  return {
    name: `Microsoft.ApplicationInsights.${IKEY.replace(/-/g, "")}.Exception`,
    time: new Date().toISOString(),
    iKey: IKEY,
    tags: { "ai.operation.id": incidentId },
    data: {
      baseType: "ExceptionData",
      baseData: { ver: 2, exceptions: [{ typeName: "Error", message: "Render failed", hasFullStack: false }], properties: { incidentId } },
    },
    ...overrides,
  };
}

async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
}

function forward(body: BodyInit, address: string, headers: Record<string, string> = { "Content-Type": "application/json" }) {
  return fetchWorker("/application-insights-forwarding", { method: "POST", headers: { "cf-connecting-ip": address, ...headers }, body });
}

describe("POST /application-insights-forwarding", () => {
  it("forwards a batch to the ingestion endpoint and answers with its counts", async () => {
    const { incidentId, address } = unique();
    const response = await forward(JSON.stringify([envelope(incidentId), envelope(incidentId), envelope(incidentId)]), address);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ itemsReceived: 3, itemsAccepted: 3, errors: [] });
    const items = await sinkItems(sink, { incidentId });
    expect(items).toHaveLength(3);
    expect(items[0]).toMatchObject({ type: "exception", iKey: IKEY, message: "Error: Render failed" });
  });

  it("passes the ingestion endpoint's partial refusal through (206 and the refused index)", async () => {
    const { incidentId, address } = unique();
    const response = await forward(JSON.stringify([envelope(incidentId), envelope(incidentId, { time: "yesterday-ish" })]), address);
    expect(response.status).toBe(206);
    expect(await response.json()).toEqual({
      itemsReceived: 2,
      itemsAccepted: 1,
      errors: [{ index: 1, statusCode: 400, message: "Field 'time' on type 'Envelope' is not a valid date-time." }],
    });
  });

  it("reads newline-delimited and gzip batches, and the app's key in any case", async () => {
    const { incidentId, address } = unique();
    const lines = [envelope(incidentId), envelope(incidentId, { iKey: IKEY.toUpperCase() })].map((item) => JSON.stringify(item)).join("\n");
    const stream = await forward(lines, address, { "Content-Type": "application/x-json-stream" });
    expect(await stream.json()).toEqual({ itemsReceived: 2, itemsAccepted: 2, errors: [] });
    const gzipped = await forward(await gzip(JSON.stringify([envelope(incidentId)])), address, {
      "Content-Type": "application/json",
      "Content-Encoding": "gzip",
    });
    expect(await gzipped.json()).toEqual({ itemsReceived: 1, itemsAccepted: 1, errors: [] });
    expect(await sinkItems(sink, { incidentId })).toHaveLength(3);
  });

  it("refuses a batch carrying another instrumentation key (403) and forwards none of it", async () => {
    const { incidentId, address } = unique();
    const response = await forward(JSON.stringify([envelope(incidentId), envelope(incidentId, { iKey: OTHER_IKEY })]), address);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({
      status: 403,
      code: "wrong_instrumentation_key",
      detail: [{ loc: ["body", 1, "iKey"], msg: "is not this app's instrumentation key" }],
    });
    // A key without its dashes is another key.
    const undashed = await forward(JSON.stringify([envelope(incidentId, { iKey: IKEY.replace(/-/g, "") })]), address);
    expect(undashed.status).toBe(403);
    expect(await sinkItems(sink, { incidentId })).toEqual([]);
  });

  it("refuses a body over 256 KB with 413 before reading it", async () => {
    const { incidentId, address } = unique();
    const padding = "x".repeat(300 * 1024);
    const response = await forward(JSON.stringify([envelope(incidentId, { tags: { padding } })]), address);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ status: 413, code: "body_too_large", detail: [{ loc: ["body"] }] });
    expect(await sinkItems(sink, { incidentId })).toEqual([]);
  });

  it("answers 400 naming the problem for a body that is not a batch of envelopes", async () => {
    const { incidentId, address } = unique();
    const notJson = await forward("{ not json", address);
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toMatchObject({ code: "invalid_request", detail: [{ loc: ["body", 0] }] });

    const { iKey: _iKey, ...withoutKey } = envelope(incidentId);
    const missingKey = await forward(JSON.stringify([envelope(incidentId), withoutKey]), address);
    expect(missingKey.status).toBe(400);
    const body = (await missingKey.json()) as { message: string; detail: { loc: unknown[] }[] };
    expect(body.message).toContain("1.iKey");
    expect(body.detail).toContainEqual(expect.objectContaining({ loc: ["body", 1, "iKey"] }));

    for (const empty of ["", "[]"]) expect((await forward(empty, address)).status, empty).toBe(400);
    expect((await forward("not gzip", address, { "Content-Encoding": "gzip" })).status).toBe(400);
    expect(await sinkItems(sink, { incidentId })).toEqual([]);
  });

  it("limits each client address to 600 batches a minute (429 with Retry-After)", async () => {
    const { address } = unique();
    await startInFreshRateLimitWindow(30_000);
    for (let round = 0; round < 12; round += 1) {
      const statuses = await Promise.all(Array.from({ length: 50 }, async () => (await forward("[]", address)).status));
      expect(statuses.every((status) => status === 400)).toBe(true);
    }
    const limited = await forward("[]", address);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toMatchObject({ code: "rate_limited" });
    // Another address has its own budget.
    expect((await forward("[]", unique().address)).status).toBe(400);
  }, 120_000);

  it("takes POST only, before the page renderer", async () => {
    const response = await fetchWorker("/application-insights-forwarding");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: "not_found" });
  });
});

describe("the telemetry client", () => {
  it("says the ingestion endpoint is unreachable, and reports sent to it are to be sent again", async () => {
    const telemetry = createTelemetry(
      { instrumentationKey: IKEY, ingestionEndpoint: "http://127.0.0.1:1" },
      systemClock,
      env.TELEMETRY_QUEUE as Queue<ExceptionReport>,
    );
    await expect(telemetry.forward("[]", "application/json")).rejects.toThrow(TelemetryUnreachableError);
    const report = {
      occurredAt: Date.parse("2026-11-23T10:00:00Z"),
      exception: { incidentId: "abcabcabcabc", message: "x", statusCode: 500, path: "/", method: "GET" },
    };
    expect(await telemetry.sendExceptionReports([report])).toEqual([
      { outcome: "retry", reason: expect.stringMatching(/^The telemetry ingestion endpoint could not be reached/) },
    ]);
  });
});

describe("server-side failures reach telemetry under the incident id", () => {
  it("reports a page whose loader fails with the Incident Id the page shows", async () => {
    const loggedErrors = expectConsoleErrors();
    await env.DB.exec("ALTER TABLE campaigns RENAME TO campaigns_unavailable");
    let incidentId: string;
    try {
      const response = await fetchPage("/campaigns", signedIn);
      expect(response.status).toBe(500);
      const html = await response.text();
      expect(html).toContain("Incident Id");
      incidentId = /data-incident-id="([0-9a-f]{12})"/.exec(html)?.[1] ?? "";
      expect(incidentId).toMatch(/^[0-9a-f]{12}$/);
    } finally {
      await env.DB.exec("ALTER TABLE campaigns_unavailable RENAME TO campaigns");
    }
    expect(loggedErrors().join("\n")).toContain(`[${incidentId}] GET /campaigns failed`);
    const [report] = await waitForSinkItems(sink, { incidentId, type: "exception" });
    expect(report?.message).toContain("no such table: campaigns");
    expect(report?.properties).toMatchObject({
      incidentId,
      statusCode: "500",
      userId: "user-ada_creates",
      path: "/campaigns",
      method: "GET",
      source: "server",
    });
    expect(report?.name).toBe(`Microsoft.ApplicationInsights.${IKEY.replace(/-/g, "")}.Exception`);
  });

  it("reports an unhandled API failure under the request id of its log line", async () => {
    const loggedErrors = expectConsoleErrors();
    const authorization = await bearerFor("user-ada_creates");
    await env.DB.exec("ALTER TABLE notifications RENAME TO notifications_unavailable");
    try {
      const response = await fetchWorker("/v1/notification/recent", { headers: { Authorization: authorization } });
      expect(response.status).toBe(500);
      expect(await response.json()).toMatchObject({ code: "internal_error" });
    } finally {
      await env.DB.exec("ALTER TABLE notifications_unavailable RENAME TO notifications");
    }
    const incidentId = /^\[([0-9a-f]{12})\] Unhandled error/.exec(loggedErrors().join("\n"))?.[1] ?? "";
    expect(incidentId).toMatch(/^[0-9a-f]{12}$/);
    const reports = await waitForSinkItems(sink, { incidentId, type: "exception" });
    expect(reports).toHaveLength(1);
    expect(reports[0]?.properties).toMatchObject({
      statusCode: "500",
      userId: "user-ada_creates",
      path: "/v1/notification/recent",
      source: "server",
    });
  });
});

describe("the W3C trace header", () => {
  const traceparent = "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01";

  async function logLinesFor(path: string, header: string | null): Promise<string[]> {
    const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await fetchWorker(path, header === null ? {} : { headers: { traceparent: header } });
      return log.mock.calls.map((call) => call.map(String).join(" ")).filter((line) => line.includes("traceparent="));
    } finally {
      log.mockRestore();
    }
  }

  it("is logged once with the request id on API, RPC and sign-in calls", async () => {
    for (const path of ["/v1/balance", "/trpc/getCurrentUser", "/auth/profile"]) {
      const lines = await logLinesFor(path, traceparent);
      expect(lines, path).toEqual([expect.stringMatching(new RegExp(`^\\[[0-9a-f]{12}\\] GET ${path} traceparent=${traceparent}$`))]);
    }
  });

  it("is ignored when malformed, and on pages", async () => {
    for (const bad of [
      "01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01",
      "00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01",
      "00-00000000000000000000000000000000-00f067aa0ba902b7-01",
      "garbage; injected",
    ]) {
      expect(await logLinesFor("/v1/balance", bad), bad).toEqual([]);
    }
    expect(await logLinesFor("/v1/balance", null)).toEqual([]);
    expect(await logLinesFor("/articles/terms", traceparent)).toEqual([]);
  });
});
