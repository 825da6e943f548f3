import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { capabilitiesFor } from "../../../worker/capabilities.ts";
import { fixedClock } from "../../support/clock.ts";
import { MAX_REPORT_MESSAGE_BYTES, exceptionReport, type ExceptionReport } from "../../../worker/clients/exception-report.ts";
import { deliveriesFrom } from "../../../worker/clients/telemetry.ts";
import { handleTelemetryQueue, handleUndeliveredTelemetry, telemetryRetryDelaySeconds } from "../../../worker/jobs/telemetry-consumer.ts";
import { expectConsoleErrors } from "../../support/console-guard.ts";
import { sinkItems, telemetrySinkUrl, waitForSinkItems } from "../../support/telemetry-sink.ts";
import { testTelemetry } from "../../support/test-bindings.ts";

/*
 * The worker's own exception reports go through the telemetry queue (docs/decisions/029-telemetry-queue.md): the
 * consumer sends them to the telemetry sink over real HTTP and acknowledges only what the sink accepted. An outage is
 * a connection string naming a closed port (the sink itself is shared by every test file and stays up).
 */

const sink = telemetrySinkUrl(env.APPLICATIONINSIGHTS_CONNECTION_STRING);
const sinkDown: Cloudflare.Env = {
  ...env,
  APPLICATIONINSIGHTS_CONNECTION_STRING: `InstrumentationKey=${testTelemetry.instrumentationKey};IngestionEndpoint=http://127.0.0.1:1/`,
};
const FAILED_AT = Date.parse("2026-11-23T10:00:00.000Z");

let warnings: MockInstance<typeof console.warn>;
beforeEach(() => {
  warnings = vi.spyOn(console, "warn").mockImplementation(() => undefined);
});
afterEach(() => {
  warnings.mockRestore();
});

function incidentId(): string {
  return crypto.randomUUID().replace(/-/g, "").slice(0, 12);
}

function reportOf(incident: string): ExceptionReport {
  return exceptionReport(
    { incidentId: incident, message: "no such table: campaigns", typeName: "Error", statusCode: 500, path: "/campaigns", method: "GET" },
    FAILED_AT,
  );
}

/** One delivery of the queue, as Cloudflare Queues hands it to the consumer, and what the consumer did with it. */
async function deliver(workerEnv: Cloudflare.Env, messages: Array<{ id: string; body: unknown; attempts: number }>) {
  const batch = createMessageBatch(
    "chorus-telemetry",
    messages.map((message) => ({ ...message, timestamp: new Date(FAILED_AT) })),
  );
  const retries = batch.messages.map((message) => vi.spyOn(message, "retry"));
  const ctx = createExecutionContext();
  await handleTelemetryQueue(batch, workerEnv, ctx);
  const result = await getQueueResult(batch, ctx);
  const delays = retries.flatMap((retry) => retry.mock.calls.map(([options]) => options?.delaySeconds));
  return { acked: result.explicitAcks, retried: result.retryMessages.map((retry) => retry.msgId), delays };
}

describe("the telemetry queue consumer", () => {
  it("keeps a report while the ingestion endpoint is unreachable and delivers it once it is back", async () => {
    const incident = incidentId();
    const message = { id: `outage-${incident}`, body: reportOf(incident) };

    expect(await deliver(sinkDown, [{ ...message, attempts: 1 }])).toEqual({ acked: [], retried: [message.id], delays: [30] });
    expect(await deliver(sinkDown, [{ ...message, attempts: 2 }])).toEqual({ acked: [], retried: [message.id], delays: [60] });
    expect(await sinkItems(sink, { incidentId: incident })).toEqual([]);
    expect(warnings.mock.calls.map((call) => String(call[0]))).toEqual([
      expect.stringMatching(
        /^Telemetry queue: 1 exception report\(s\) not delivered, to be sent again: The telemetry ingestion endpoint could not be reached/,
      ),
      expect.stringMatching(/^Telemetry queue: 1 exception report\(s\) not delivered/),
    ]);

    // The endpoint is back: the third delivery sends it, once, with the time of the failure.
    expect(await deliver(env, [{ ...message, attempts: 3 }])).toEqual({ acked: [message.id], retried: [], delays: [] });
    const items = await sinkItems(sink, { incidentId: incident });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      type: "exception",
      time: "2026-11-23T10:00:00.000Z",
      iKey: testTelemetry.instrumentationKey,
      message: "Error: no such table: campaigns",
      properties: { incidentId: incident, statusCode: "500", path: "/campaigns", method: "GET", source: "server" },
    });
  });

  it("sends every report of a delivery in one batch and acknowledges each once the endpoint accepted it", async () => {
    const incidents = [incidentId(), incidentId()];
    const messages = incidents.map((incident) => ({ id: `up-${incident}`, body: reportOf(incident), attempts: 1 }));
    expect(await deliver(env, messages)).toEqual({ acked: [`up-${incidents[0]}`, `up-${incidents[1]}`], retried: [], delays: [] });
    for (const incident of incidents) expect(await sinkItems(sink, { incidentId: incident })).toHaveLength(1);
    expect(warnings).not.toHaveBeenCalled();
  });

  it("acknowledges and logs a message the worker could not have queued, without holding the others back", async () => {
    const logged = expectConsoleErrors();
    const incident = incidentId();
    const messages = [
      { id: "not-a-report", body: { incidentId: incident, message: "no time" }, attempts: 1 },
      { id: `fine-${incident}`, body: reportOf(incident), attempts: 1 },
    ];
    expect(await deliver(env, messages)).toEqual({ acked: ["not-a-report", `fine-${incident}`], retried: [], delays: [] });
    expect(logged()).toEqual(["Telemetry queue: message not-a-report is not an exception report; dropped."]);
    expect(await sinkItems(sink, { incidentId: incident })).toHaveLength(1);
  });

  it("waits twice as long after each failed delivery, from 30 s up to 2 h: 20 retries span about 26 hours", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map(telemetryRetryDelaySeconds)).toEqual([
      30, 60, 120, 240, 480, 960, 1920, 3840, 7200, 7200, 7200,
    ]);
    const retries = Array.from({ length: 20 }, (_, index) => telemetryRetryDelaySeconds(index + 1));
    expect(retries.reduce((total, delay) => total + delay, 0)).toBe(94_050);
  });
});

describe("reading the ingestion endpoint's answer", () => {
  it("accepts what was not refused, retries what may pass later and drops what never will", () => {
    const partial = {
      status: 206,
      itemsReceived: 3,
      itemsAccepted: 1,
      errors: [
        { index: 1, statusCode: 400, message: "Field 'time' on type 'Envelope' is not a valid date-time." },
        { index: 2, statusCode: 503, message: "Service unavailable" },
      ],
    };
    expect(deliveriesFrom(partial, 3)).toEqual([
      { outcome: "accepted" },
      { outcome: "refused", reason: "400: Field 'time' on type 'Envelope' is not a valid date-time." },
      { outcome: "retry", reason: "503: Service unavailable" },
    ]);
  });

  it("retries every item when the counts do not say which were accepted", () => {
    const throttled = { status: 429, itemsReceived: 2, itemsAccepted: 0, errors: [] };
    expect(deliveriesFrom(throttled, 2)).toEqual([
      { outcome: "retry", reason: "answered 429, accepting 0 of 2 items" },
      { outcome: "retry", reason: "answered 429, accepting 0 of 2 items" },
    ]);
    const notRead = { status: 404, itemsReceived: 0, itemsAccepted: 0, errors: [{ index: 0, statusCode: 404, message: "No endpoint" }] };
    expect(deliveriesFrom(notRead, 1)).toEqual([{ outcome: "retry", reason: "answered 404, accepting 0 of 0 items (1 were sent)" }]);
  });
});

describe("the worker's exception reports", () => {
  it("go through the real queue and reach the ingestion endpoint once", async () => {
    const incident = incidentId();
    const { telemetry } = capabilitiesFor(env, fixedClock(FAILED_AT));
    await telemetry.reportException({ incidentId: incident, message: "Queued", statusCode: 500, path: "/v1/balance", method: "GET" });
    const items = await waitForSinkItems(sink, { incidentId: incident, type: "exception" }, { timeoutMs: 10_000 });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ time: "2026-11-23T10:00:00.000Z", message: "Error: Queued" });
  });

  it("fit the queue's 128 KB message: the longer of stack and message is halved until the report does", () => {
    const controlCharacters = "\u0001".repeat(40_000);
    const report = exceptionReport(
      { incidentId: "abcabcabcabc", message: controlCharacters, stack: controlCharacters, statusCode: 500, path: "/", method: "GET" },
      FAILED_AT,
    );
    // Cut to Application Insights' 32,768 characters, then each halved twice (six bytes a character as JSON).
    expect(report.exception.message).toHaveLength(8_192);
    expect(report.exception.stack).toHaveLength(8_192);
    expect(new TextEncoder().encode(JSON.stringify(report)).byteLength).toBeLessThanOrEqual(MAX_REPORT_MESSAGE_BYTES);

    const ordinary = exceptionReport(
      { incidentId: "abcabcabcabc", message: "x".repeat(40_000), statusCode: 500, path: "/", method: "GET" },
      FAILED_AT,
    );
    expect(ordinary.exception.message).toHaveLength(32_768);
  });
});

describe("the telemetry dead letter queue", () => {
  it("writes each report that every retry failed to deliver to the log as an error, and acknowledges it", async () => {
    const logged = expectConsoleErrors();
    const incident = incidentId();
    const batch = createMessageBatch("chorus-telemetry-dead-letter", [
      { id: `dead-${incident}`, body: reportOf(incident), attempts: 1, timestamp: new Date(FAILED_AT) },
    ]);
    const ctx = createExecutionContext();
    await handleUndeliveredTelemetry(batch, env, ctx);
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual([`dead-${incident}`]);
    expect(logged()).toEqual([
      `[${incident}] The exception report never reached the telemetry ingestion endpoint (every retry failed): ` +
        "GET /campaigns answered 500 at 2026-11-23T10:00:00.000Z; Error: no such table: campaigns",
    ]);
  });
});
