import { type } from "arktype";
import { Hono, type Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { TelemetryUnreachableError } from "../clients/telemetry.ts";
import { AppError, invalidRequest } from "../contracts/errors.ts";
import type { WorkerEnv } from "../worker-env.ts";

/**
 * `POST /application-insights-forwarding` (SPEC.md sections 6 and 7): the browser's Application Insights SDK sends
 * its batches here, with no sign-in; the worker checks them and forwards them to the ingestion endpoint of the
 * connection string, answering with that endpoint's status and counts (docs/decisions/022-analytics-and-telemetry.md).
 */
export const TELEMETRY_FORWARDING_PATH = "/application-insights-forwarding";
/** The SDK's batches stay under 100 KB (SPEC.md section 9); a beacon flush on page hide may carry a little more. */
export const TELEMETRY_BODY_LIMIT_BYTES = 256 * 1024;
/** A gzip body may not unpack to more than this (a small bomb would otherwise pass the body limit). */
const UNPACKED_LIMIT_BYTES = 1024 * 1024;
const RETRY_AFTER_SECONDS = 60;

/** What the proxy needs of an envelope: the key it checks, and the fields without which the item is not telemetry. */
const envelopeShape = type({
  name: "0 < string <= 1024",
  time: "0 < string <= 64",
  iKey: "0 < string <= 64",
  "tags?": "object",
  data: { baseType: "0 < string <= 128", "baseData?": "object" },
});
const batchShape = envelopeShape.array().atLeastLength(1);

const limitedBody = bodyLimit({
  maxSize: TELEMETRY_BODY_LIMIT_BYTES,
  onError: () => {
    throw new AppError(
      413,
      "body_too_large",
      `The telemetry batch is larger than the ${TELEMETRY_BODY_LIMIT_BYTES / 1024} KB this call accepts.`,
      [{ loc: ["body"], msg: `must be at most ${TELEMETRY_BODY_LIMIT_BYTES} bytes` }],
    );
  },
});

async function unpacked(body: ArrayBuffer, contentEncoding: string | undefined): Promise<Uint8Array> {
  const encoding = (contentEncoding ?? "").trim().toLowerCase();
  if (encoding === "" || encoding === "identity") return new Uint8Array(body);
  if (encoding !== "gzip") {
    throw new AppError(400, "invalid_request", `Content-Encoding ${encoding} is not accepted: send the batch plain or gzip.`, [
      { loc: ["header", "content-encoding"], msg: "must be gzip or none" },
    ]);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    const reader = new Blob([body]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      size += read.value.byteLength;
      if (size > UNPACKED_LIMIT_BYTES) {
        await reader.cancel();
        throw new AppError(413, "body_too_large", `The telemetry batch unpacks to more than ${UNPACKED_LIMIT_BYTES / 1024} KB.`, [
          { loc: ["body"], msg: `must unpack to at most ${UNPACKED_LIMIT_BYTES} bytes` },
        ]);
      }
      chunks.push(read.value);
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidRequest([{ loc: ["body"], msg: "is not valid gzip" }]);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** A JSON array of envelopes (or one envelope), or newline-delimited envelopes, as Application Insights accepts. */
function parseItems(text: string): { items: unknown; contentType: string } {
  const trimmed = text.trim();
  if (trimmed === "") throw invalidRequest([{ loc: ["body"], msg: "must be a JSON array of telemetry envelopes (the body is empty)" }]);
  try {
    const parsed: unknown = JSON.parse(trimmed);
    return { items: Array.isArray(parsed) ? parsed : [parsed], contentType: "application/json" };
  } catch {
    // Not one JSON value: newline-delimited envelopes (application/x-json-stream)?
  }
  const lines = trimmed.split("\n").filter((line) => line.trim() !== "");
  const items = lines.map((line, index) => {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      throw invalidRequest([{ loc: ["body", index], msg: "is not valid JSON (send a JSON array or one JSON envelope per line)" }]);
    }
  });
  return { items, contentType: "application/x-json-stream" };
}

function checkEnvelopes(items: unknown): (typeof envelopeShape.infer)[] {
  const checked = batchShape(items);
  if (!(checked instanceof type.errors)) return checked;
  throw invalidRequest(
    checked.map((error) => ({
      loc: ["body", ...error.path.map((part) => (typeof part === "number" ? part : String(part)))],
      msg: error.problem,
    })),
  );
}

async function rateLimited(c: Context<WorkerEnv>): Promise<boolean> {
  const { success } = await c.env.TELEMETRY_RATE_LIMITER.limit({ key: `address:${c.req.header("cf-connecting-ip") ?? "unknown"}` });
  return !success;
}

export const telemetryRoutes = new Hono<WorkerEnv>()
  .post(TELEMETRY_FORWARDING_PATH, limitedBody, async (c) => {
    if (await rateLimited(c)) {
      throw new AppError(
        429,
        "rate_limited",
        "Too much telemetry from this address in the last minute. Wait, then send again.",
        undefined,
        {
          retryAfterSeconds: RETRY_AFTER_SECONDS,
        },
      );
    }
    const body = await unpacked(await c.req.arrayBuffer(), c.req.header("content-encoding"));
    const text = new TextDecoder("utf-8", { fatal: false }).decode(body);
    const { items, contentType } = parseItems(text);
    const envelopes = checkEnvelopes(items);
    const { instrumentationKey } = c.var.capabilities.config.telemetry;
    const foreign = envelopes.flatMap((envelope, index) => (envelope.iKey.toLowerCase() === instrumentationKey ? [] : [index]));
    if (foreign.length > 0) {
      throw new AppError(
        403,
        "wrong_instrumentation_key",
        "This endpoint forwards this app's telemetry only: an envelope carries another instrumentation key.",
        foreign.map((index) => ({ loc: ["body", index, "iKey"], msg: "is not this app's instrumentation key" })),
      );
    }
    try {
      const result = await c.var.capabilities.telemetry.forward(text, contentType);
      const { itemsReceived, itemsAccepted, errors } = result;
      return c.json({ itemsReceived, itemsAccepted, errors }, result.status as ContentfulStatusCode, { "Cache-Control": "no-store" });
    } catch (error) {
      if (!(error instanceof TelemetryUnreachableError)) throw error;
      throw new AppError(502, "telemetry_unreachable", `${error.message}. The SDK sends the batch again later.`);
    }
  })
  .all(TELEMETRY_FORWARDING_PATH, () => {
    throw new AppError(404, "not_found", `Telemetry is sent with POST to ${TELEMETRY_FORWARDING_PATH}.`);
  });
