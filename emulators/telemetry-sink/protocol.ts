import { gunzipSync } from "node:zlib";

/**
 * Application Insights' ingestion protocol (`POST /v2/track`), as the real service speaks it: a JSON array of
 * envelopes (or one envelope), or newline-delimited envelopes (`application/x-json-stream`), possibly gzip-encoded;
 * the answer counts what arrived and lists each refused envelope by its index.
 */
export type Envelope = { name: string; time: string; iKey: string; tags?: unknown; data?: unknown };
export type ItemError = { index: number; statusCode: number; message: string };
export type TrackAnswer = { itemsReceived: number; itemsAccepted: number; errors: ItemError[] };

export class UnreadableBodyError extends Error {
  override name = "UnreadableBodyError";
}

/** The body as text: gunzipped when it says it is gzip, or when it starts with gzip's magic bytes. */
export function bodyText(body: Buffer, contentEncoding: string | undefined): string {
  const gzip = /\bgzip\b/i.test(contentEncoding ?? "") || (body.length > 2 && body[0] === 0x1f && body[1] === 0x8b);
  if (!gzip) return body.toString("utf8");
  try {
    return gunzipSync(body).toString("utf8");
  } catch (error) {
    throw new UnreadableBodyError(`The body is not valid gzip (${error instanceof Error ? error.message : String(error)})`);
  }
}

/**
 * The items of a batch, each as parsed JSON. A JSON array or object first (the SDK's `application/json`, and
 * sendBeacon's `text/plain`); otherwise one envelope per non-empty line (`application/x-json-stream`).
 */
export function batchItems(text: string, contentType: string | undefined): unknown[] {
  const trimmed = text.trim();
  if (trimmed === "") throw new UnreadableBodyError("The body is empty: send a JSON array of telemetry envelopes.");
  if (!/x-json-stream/i.test(contentType ?? "")) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      return Array.isArray(parsed) ? parsed : [parsed];
    } catch {
      // Not one JSON value: maybe newline-delimited envelopes sent under another content type.
    }
  }
  return trimmed
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line.length > 0)
    .map((line, index) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        throw new UnreadableBodyError(`Line ${index + 1} of the body is not valid JSON.`);
      }
    });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Why the service would refuse one envelope (its own wording), or null when it is accepted. */
export function envelopeProblem(item: unknown): string | null {
  if (!isRecord(item)) return "Telemetry item must be a JSON object (an envelope).";
  for (const field of ["name", "time", "iKey"] as const) {
    const value = item[field];
    if (typeof value !== "string" || value.trim() === "") return `Field '${field}' on type 'Envelope' is required.`;
  }
  if (Number.isNaN(Date.parse(String(item.time)))) return "Field 'time' on type 'Envelope' is not a valid date-time.";
  return null;
}

/** Checks every item: the accepted envelopes (with their index in the batch) and the answer to send. */
export function trackBatch(items: unknown[]): { accepted: { index: number; envelope: Envelope }[]; answer: TrackAnswer } {
  const accepted: { index: number; envelope: Envelope }[] = [];
  const errors: ItemError[] = [];
  items.forEach((item, index) => {
    const problem = envelopeProblem(item);
    if (problem === null) accepted.push({ index, envelope: item as Envelope });
    else errors.push({ index, statusCode: 400, message: problem });
  });
  return { accepted, answer: { itemsReceived: items.length, itemsAccepted: accepted.length, errors } };
}

/** 200 when all were accepted, 206 when some were refused, 400 when none were. */
export function trackStatus(answer: TrackAnswer): number {
  if (answer.errors.length === 0) return 200;
  return answer.itemsAccepted === 0 ? 400 : 206;
}

const TYPES: Record<string, string> = {
  ExceptionData: "exception",
  MessageData: "trace",
  PageviewData: "pageView",
  PageviewPerformanceData: "pageViewPerformance",
  EventData: "event",
  RequestData: "request",
  RemoteDependencyData: "dependency",
  MetricData: "metric",
  AvailabilityData: "availability",
};

/** The item's kind as the portal names it (`exception`, `pageView`, …), its message and its custom properties. */
export function summarize(envelope: Envelope): {
  type: string;
  baseType: string | null;
  message: string | null;
  properties: Record<string, string>;
} {
  const data = isRecord(envelope.data) ? envelope.data : {};
  const baseType = typeof data.baseType === "string" ? data.baseType : null;
  const baseData = isRecord(data.baseData) ? data.baseData : {};
  const type = baseType === null ? "unknown" : (TYPES[baseType] ?? baseType);
  const properties: Record<string, string> = {};
  if (isRecord(baseData.properties)) {
    for (const [key, value] of Object.entries(baseData.properties)) {
      properties[key] = typeof value === "string" ? value : JSON.stringify(value);
    }
  }
  return { type, baseType, message: messageOf(baseData), properties };
}

function messageOf(baseData: Record<string, unknown>): string | null {
  const exceptions = Array.isArray(baseData.exceptions) ? baseData.exceptions : [];
  const first: unknown = exceptions[0];
  if (isRecord(first)) {
    const typeName = typeof first.typeName === "string" && first.typeName !== "" ? `${first.typeName}: ` : "";
    if (typeof first.message === "string") return `${typeName}${first.message}`;
  }
  if (typeof baseData.message === "string") return baseData.message;
  const metrics = Array.isArray(baseData.metrics) ? baseData.metrics : [];
  const metric: unknown = metrics[0];
  if (isRecord(metric) && typeof metric.name === "string") return metric.name;
  if (typeof baseData.name === "string") return baseData.name;
  return null;
}
