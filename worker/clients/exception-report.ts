import { type } from "arktype";

/**
 * One of the worker's own exception reports as it travels on the telemetry queue (TELEMETRY_QUEUE,
 * docs/decisions/029-telemetry-queue.md): the failure and when it happened. The consumer turns it into an
 * Application Insights envelope when it sends it, so a report sent late still carries the time of the failure.
 */

/** Application Insights' own limits (SPEC.md section 9): longer values are cut, not refused. */
const MAX_MESSAGE_LENGTH = 32_768;
const MAX_PROPERTY_LENGTH = 8_192;
/** The largest message Cloudflare Queues carries, counted as the JSON the report is sent as. */
export const MAX_REPORT_MESSAGE_BYTES = 128 * 1024;
/** The latest instant a JavaScript date can hold (`new Date(…).toISOString()` throws after it). */
const LATEST_DATE_MS = 8_640_000_000_000_000;

const property = `string <= ${MAX_PROPERTY_LENGTH}` as const;
const longText = `string <= ${MAX_MESSAGE_LENGTH}` as const;

/** A failure on the worker's side, reported under the incident id the person sees. */
export const serverExceptionShape = type({
  incidentId: property,
  message: longText,
  /** The error's class name (`Error`, `TypeError`, …). */
  "typeName?": property,
  "stack?": longText,
  statusCode: "number.integer",
  "userId?": property,
  "handle?": property,
  path: property,
  method: property,
});
export type ServerException = typeof serverExceptionShape.infer;

const exceptionReportShape = type({
  /** Epoch milliseconds when the failure happened. */
  occurredAt: `0 <= number.integer <= ${LATEST_DATE_MS}`,
  exception: serverExceptionShape,
});
export type ExceptionReport = typeof exceptionReportShape.infer;

/** The report, or null when the body is not one the worker would have queued (it could never be sent). */
export function readExceptionReport(body: unknown): ExceptionReport | null {
  const checked = exceptionReportShape(body);
  return checked instanceof type.errors ? null : checked;
}

function jsonBytes(value: unknown): number {
  return new TextEncoder().encode(JSON.stringify(value)).byteLength;
}

function cut(exception: ServerException): ServerException {
  const { message, stack, typeName, userId, handle } = exception;
  return {
    incidentId: exception.incidentId.slice(0, MAX_PROPERTY_LENGTH),
    message: message.slice(0, MAX_MESSAGE_LENGTH),
    ...(typeName === undefined ? {} : { typeName: typeName.slice(0, MAX_PROPERTY_LENGTH) }),
    ...(stack === undefined ? {} : { stack: stack.slice(0, MAX_MESSAGE_LENGTH) }),
    statusCode: exception.statusCode,
    ...(userId === undefined ? {} : { userId: userId.slice(0, MAX_PROPERTY_LENGTH) }),
    ...(handle === undefined ? {} : { handle: handle.slice(0, MAX_PROPERTY_LENGTH) }),
    path: exception.path.slice(0, MAX_PROPERTY_LENGTH),
    method: exception.method.slice(0, MAX_PROPERTY_LENGTH),
  };
}

/**
 * The report of a failure at `occurredAt`, cut to Application Insights' limits and then to the queue's message size:
 * text outside the Latin alphabet or full of control characters takes up to six bytes a character as JSON, so the
 * longer of the stack and the message is halved until the report fits.
 */
export function exceptionReport(exception: ServerException, occurredAt: number): ExceptionReport {
  let fitted = cut(exception);
  while (jsonBytes({ occurredAt, exception: fitted }) > MAX_REPORT_MESSAGE_BYTES) {
    const { message, stack = "" } = fitted;
    if (message.length === 0 && stack.length === 0) break; // The short fields alone: the queue refuses it, the producer logs that.
    fitted =
      stack.length >= message.length
        ? { ...fitted, stack: stack.slice(0, Math.floor(stack.length / 2)) }
        : { ...fitted, message: message.slice(0, Math.floor(message.length / 2)) };
  }
  return { occurredAt, exception: fitted };
}
