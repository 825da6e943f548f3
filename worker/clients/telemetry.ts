import { z } from "zod";
import type { Clock } from "../clock.ts";
import type { AppConfig } from "../config.ts";

/**
 * Application Insights' ingestion API (`POST {IngestionEndpoint}/v2/track`): forwarding the browser SDK's batches
 * and reporting the worker's own failures. Production talks to the endpoint of the connection string; locally the
 * same code talks to the telemetry sink emulator (docs/decisions/022-analytics-and-telemetry.md).
 */
export type TrackItemError = { index: number; statusCode: number; message: string };
export type TrackResult = { status: number; itemsReceived: number; itemsAccepted: number; errors: TrackItemError[] };

/** A failure on the worker's side, reported under the incident id the person sees. */
export type ServerException = {
  incidentId: string;
  message: string;
  /** The error's class name (`Error`, `TypeError`, …). */
  typeName?: string;
  stack?: string;
  statusCode: number;
  userId?: string;
  handle?: string;
  path: string;
  method: string;
};

export type Telemetry = {
  /** Posts a batch as it came (JSON array or newline-delimited envelopes); throws TelemetryUnreachableError. */
  forward(body: string | Uint8Array<ArrayBuffer>, contentType: string): Promise<TrackResult>;
  /** Sends one exception item. Never throws: a report that cannot be sent is logged as a warning. */
  reportException(exception: ServerException): Promise<void>;
};

/** The ingestion endpoint gave no usable answer: unreachable, too slow, or an answer without counts. */
export class TelemetryUnreachableError extends Error {
  override name = "TelemetryUnreachableError";
}

const TIMEOUT_MS = 5_000;
/** Application Insights' own limits (SPEC.md section 9): longer values are cut, not refused. */
const MAX_MESSAGE_LENGTH = 32_768;
const MAX_PROPERTY_LENGTH = 8_192;

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

function exceptionEnvelope(instrumentationKey: string, at: number, exception: ServerException): unknown {
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
    time: new Date(at).toISOString(),
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
            message: exception.message.slice(0, MAX_MESSAGE_LENGTH),
            hasFullStack: exception.stack !== undefined,
            ...(exception.stack === undefined ? {} : { stack: exception.stack.slice(0, MAX_MESSAGE_LENGTH) }),
          },
        ],
        properties: Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, value.slice(0, MAX_PROPERTY_LENGTH)])),
      },
    },
  };
}

export function createTelemetry(config: AppConfig["telemetry"], clock: Clock): Telemetry {
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
        const result = await forward(
          JSON.stringify([exceptionEnvelope(config.instrumentationKey, clock.now(), exception)]),
          "application/json",
        );
        if (result.itemsAccepted !== 1) {
          console.warn(`[${exception.incidentId}] The exception report was refused (${result.status}): ${JSON.stringify(result.errors)}`);
        }
      } catch (error) {
        console.warn(`[${exception.incidentId}] The exception report was not sent: ${describe(error)}`);
      }
    },
  };
}
