import { z } from "zod";
import type { Clock } from "../clock.ts";
import type { AppConfig } from "../config.ts";
import { exceptionReport, type ExceptionReport, type ServerException } from "./exception-report.ts";

/**
 * Application Insights' ingestion API (`POST {IngestionEndpoint}/v2/track`): forwarding the browser SDK's batches
 * and sending the worker's own failures, which go through the telemetry queue first
 * (docs/decisions/029-telemetry-queue.md). Production talks to the endpoint of the connection string; locally the
 * same code talks to the telemetry sink emulator (docs/decisions/022-analytics-and-telemetry.md).
 */
export type TrackItemError = { index: number; statusCode: number; message: string };
export type TrackResult = { status: number; itemsReceived: number; itemsAccepted: number; errors: TrackItemError[] };

/** What became of one exception report sent to the ingestion endpoint. */
export type ReportDelivery =
  | { outcome: "accepted" }
  /** The endpoint could not take it now (unreachable, throttled, failing): send it again later. */
  | { outcome: "retry"; reason: string }
  /** The endpoint refused it for good: sending it again would be refused again. */
  | { outcome: "refused"; reason: string };

export type Telemetry = {
  /** Posts a batch as it came (JSON array or newline-delimited envelopes); throws TelemetryUnreachableError. */
  forward(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<TrackResult>;
  /**
   * Puts one exception report, stamped with the clock's time, on the telemetry queue; its consumer sends it
   * (sendExceptionReports). Never throws: a report the queue does not take is logged as a warning.
   */
  reportException(exception: ServerException): Promise<void>;
  /** Sends queued reports to the endpoint in one batch; what became of each, in the same order. Never throws. */
  sendExceptionReports(reports: ExceptionReport[]): Promise<ReportDelivery[]>;
};

/** The ingestion endpoint gave no usable answer: unreachable, too slow, or an answer without counts. */
export class TelemetryUnreachableError extends Error {
  override name = "TelemetryUnreachableError";
}

const TIMEOUT_MS = 5_000;
/**
 * The statuses to send an item again after: those the browser SDK retries (SPEC.md section 9). A 401 means the resource
 * was switched to Entra ID sign-in: a configuration to fix, after which the held reports go through.
 */
const RETRIABLE_STATUSES = new Set([401, 408, 429, 500, 502, 503, 504]);

const trackAnswerSchema = z.object({
  itemsReceived: z.number().int(),
  itemsAccepted: z.number().int(),
  errors: z.array(z.object({ index: z.number().int(), statusCode: z.number().int(), message: z.string() })).default([]),
});

function describe(error: unknown): string {
  if (error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError")) {
    return `no answer within ${TIMEOUT_MS / 1000} s`;
  }
  return error instanceof Error ? error.message : String(error);
}

function exceptionEnvelope(instrumentationKey: string, { occurredAt, exception }: ExceptionReport): unknown {
  const properties: Record<string, string> = {
    incidentId: exception.incidentId,
    statusCode: String(exception.statusCode),
    path: exception.path,
    method: exception.method,
    source: "server",
  };
  if (exception.userId !== undefined) properties.userId = exception.userId;
  if (exception.handle !== undefined) properties.handle = exception.handle;
  const tags: Record<string, string> = {
    "ai.cloud.role": "chorus-worker",
    // The operation id groups the browser's and the worker's items of one incident in the portal.
    "ai.operation.id": exception.incidentId,
    "ai.operation.name": `${exception.method} ${exception.path}`,
    "ai.internal.sdkVersion": "chorus-worker:1",
  };
  if (exception.userId !== undefined) tags["ai.user.authUserId"] = exception.userId;
  return {
    name: `Microsoft.ApplicationInsights.${instrumentationKey.replace(/-/g, "")}.Exception`,
    time: new Date(occurredAt).toISOString(),
    iKey: instrumentationKey,
    tags,
    data: {
      baseType: "ExceptionData",
      baseData: {
        ver: 2,
        severityLevel: 3,
        exceptions: [
          {
            typeName: exception.typeName ?? "Error",
            message: exception.message,
            hasFullStack: exception.stack !== undefined,
            ...(exception.stack === undefined ? {} : { stack: exception.stack }),
          },
        ],
        properties,
      },
    },
  };
}

/**
 * What became of each of the `count` items of one batch, read from the endpoint's answer. An item its errors name is
 * retried or refused by that item's status; the others were accepted when the counts say so. Otherwise (a throttled
 * or failing endpoint answers 429 or 503 accepting nothing, or did not read the batch) they are sent again: twice is
 * better than never.
 */
export function deliveriesFrom(result: TrackResult, count: number): ReportDelivery[] {
  const answered = `answered ${result.status}, accepting ${result.itemsAccepted} of ${result.itemsReceived} items`;
  if (result.itemsReceived !== count) {
    return Array.from({ length: count }, () => ({ outcome: "retry", reason: `${answered} (${count} were sent)` }));
  }
  const errors = new Map(result.errors.map((error) => [error.index, error]));
  const othersAccepted = result.itemsAccepted === count - errors.size;
  return Array.from({ length: count }, (_, index): ReportDelivery => {
    const error = errors.get(index);
    if (error !== undefined) {
      const reason = `${error.statusCode}: ${error.message}`;
      return RETRIABLE_STATUSES.has(error.statusCode) ? { outcome: "retry", reason } : { outcome: "refused", reason };
    }
    return othersAccepted ? { outcome: "accepted" } : { outcome: "retry", reason: answered };
  });
}

export function createTelemetry(config: AppConfig["telemetry"], clock: Clock, queue: Queue<ExceptionReport>): Telemetry {
  const trackUrl = `${config.ingestionEndpoint}/v2/track`;

  async function forward(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<TrackResult> {
    let response: Response;
    try {
      response = await fetch(trackUrl, {
        method: "POST",
        headers: { "Content-Type": contentType },
        body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new TelemetryUnreachableError(`The telemetry ingestion endpoint could not be reached (${describe(error)})`, { cause: error });
    }
    const answer = trackAnswerSchema.safeParse(await response.json().catch(() => null));
    if (!answer.success) {
      throw new TelemetryUnreachableError(`The telemetry ingestion endpoint answered ${response.status} without item counts`);
    }
    return { status: response.status, ...answer.data };
  }

  return {
    forward,
    async reportException(exception) {
      try {
        await queue.send(exceptionReport(exception, clock.now()), { contentType: "json" });
      } catch (error) {
        console.warn(`[${exception.incidentId}] The exception report was not queued: ${describe(error)}`);
      }
    },
    async sendExceptionReports(reports) {
      if (reports.length === 0) return [];
      try {
        const envelopes = reports.map((report) => exceptionEnvelope(config.instrumentationKey, report));
        return deliveriesFrom(await forward(JSON.stringify(envelopes), "application/json"), reports.length);
      } catch (error) {
        const reason = describe(error);
        return reports.map(() => ({ outcome: "retry", reason }));
      }
    },
  };
}
