import { type } from "arktype";
import { z } from "zod/mini";
import type { FieldError } from "./errors.ts";

/**
 * Conversion ingestion (`POST /v1/conversion/event/ingest`, docs/decisions/018-conversion-ingestion.md). The body is
 * one event, or `{ events: [...] }` with 1 to 100 of them. Validated with arktype: this is the hot path.
 */
export const MAX_EVENTS_PER_BATCH = 100;
export const MAX_METADATA_BYTES = 2048;
/** The ingest call's body limit (100 events with full metadata fit). */
export const INGEST_BODY_LIMIT_BYTES = 256 * 1024;
import { conversionTypes, type ConversionType } from "./conversion-types.ts";
export {
  conversionTypes,
  earningConversionTypes,
  isReversalType,
  reversalConversionTypes,
  type ConversionType,
  type EarningConversionType,
} from "./conversion-types.ts";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
/** 2000-01-01 and 2100-01-01: anything outside is a unit mistake (seconds for milliseconds, say). */
const EARLIEST_MS = 946_684_800_000;
const LATEST_MS = 4_102_444_800_000;

/** Free of control characters: SQLite's length() stops at a NUL, and a control character in an id is a mistake. */
function printable(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return true;
}

/** The shape of one event, before the rules across fields (address per chain, value with currency, sizes). */
const eventShape = type({
  eventId: type("1 <= string <= 200").narrow((value, ctx) => printable(value) || ctx.mustBe("free of control characters")),
  type: type.enumerated(...conversionTypes),
  walletAddress: "1 <= string <= 100",
  chain: "'evm' | 'solana'",
  "value?": "number.integer >= 0",
  "currency?": /^[A-Z0-9]{2,12}$/,
  occurredAt: "string | number",
  "metadata?": "Record<string, unknown>",
  "clickId?": type("1 <= string <= 200").narrow((value, ctx) => printable(value) || ctx.mustBe("free of control characters")),
  "customerId?": type("1 <= string <= 200").narrow((value, ctx) => printable(value) || ctx.mustBe("free of control characters")),
  "orderId?": type("1 <= string <= 200").narrow((value, ctx) => printable(value) || ctx.mustBe("free of control characters")),
  "reversesEventId?": type("1 <= string <= 200").narrow((value, ctx) => printable(value) || ctx.mustBe("free of control characters")),
});

/**
 * What each field must be, in words that never quote the value sent (a value may be 200 KB, or an array nested
 * thousands deep). The shape's own messages quote it, so they are replaced by these.
 */
const expectedOf = {
  eventId: "must be 1 to 200 characters without control characters",
  type: `must be one of ${conversionTypes.join(", ")}`,
  walletAddress: "must be an address of 1 to 100 characters",
  chain: 'must be "evm" or "solana"',
  value: "must be a whole number of the currency's smallest unit, 0 or more",
  currency: "must be 2 to 12 capital letters or digits, such as USDC",
  occurredAt: "must be an ISO 8601 time or epoch milliseconds between 2000 and 2100",
  metadata: "must be an object",
  clickId: "must be the click id your destination received (1 to 200 characters)",
  customerId: "must be your id for the customer, 1 to 200 characters without control characters",
  orderId: "must be your order or invoice id, 1 to 200 characters without control characters",
  reversesEventId: "must be the eventId of the event a refund or chargeback undoes, 1 to 200 characters",
} as const satisfies Record<keyof typeof eventShape.infer, string>;
type EventField = keyof typeof expectedOf;
const scalarFields = (Object.keys(expectedOf) as EventField[]).filter((field) => field !== "metadata");

export type ConversionEventInput = typeof eventShape.infer;

/** One event as stored: the address key as wallets compare it, the time in epoch ms, metadata serialized. */
export type ValidConversionEvent = {
  eventId: string;
  type: ConversionType;
  walletAddress: string;
  addressKey: string;
  chain: "evm" | "solana";
  value: number | null;
  currency: string | null;
  occurredAt: number;
  metadata: string | null;
  /** The click id a referral link gave the visitor (docs/decisions/043-referral-links.md). */
  clickId: string | null;
  /** The advertiser's own id for the customer: a later event with it is credited to the same click. */
  customerId: string | null;
  /** An order or invoice id: counted once per account for 7 days. */
  orderId: string | null;
  /** For a refund or chargeback: the event it undoes (docs/decisions/045-commissions.md). */
  reversesEventId: string | null;
};

export type EventCheck = { ok: true; event: ValidConversionEvent } | { ok: false; detail: FieldError[] };

function occurredAtMs(value: string | number): number | null {
  const ms = typeof value === "number" ? value : /^\d+$/.test(value) ? Number(value) : Date.parse(value);
  return Number.isInteger(ms) && ms >= EARLIEST_MS && ms < LATEST_MS ? ms : null;
}

/** Metadata as JSON, or null when it is nested too deeply to write (it would be far over the size limit anyway). */
function metadataJson(metadata: Record<string, unknown>): string | null {
  try {
    return JSON.stringify(metadata);
  } catch (error) {
    if (error instanceof RangeError) return null;
    throw error;
  }
}

/**
 * Checks one event; `loc` is where it sits in the body (["body"] or ["body", "events", 3]), so every field error
 * names the event's index and the field.
 */
export function checkConversionEvent(input: unknown, loc: (string | number)[]): EventCheck {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return { ok: false, detail: [{ loc, msg: "must be an event object" }] };
  // A field that must be a string or a number but holds an object or array is refused before the shape sees it.
  const record = input as Record<string, unknown>;
  const composite: EventField[] = scalarFields.filter((field) => typeof record[field] === "object" && record[field] !== null);
  const shaped = composite.length === 0 ? input : { ...record, ...Object.fromEntries(composite.map((field) => [field, undefined])) };
  const parsed = eventShape(shaped);
  if (composite.length > 0 || parsed instanceof type.errors) {
    const fields = new Set<EventField>(composite);
    if (parsed instanceof type.errors) {
      for (const error of parsed) {
        const field = error.path[0];
        if (typeof field === "string" && field in expectedOf) fields.add(field as EventField);
      }
    }
    return {
      ok: false,
      detail: [...fields].map((field) => ({
        loc: [...loc, field],
        msg: composite.includes(field)
          ? `${expectedOf[field]}, not ${Array.isArray(record[field]) ? "an array" : "an object"}`
          : expectedOf[field],
      })),
    };
  }
  const detail: FieldError[] = [];
  const addressOk = parsed.chain === "evm" ? EVM_ADDRESS.test(parsed.walletAddress) : SOLANA_ADDRESS.test(parsed.walletAddress);
  if (!addressOk) {
    detail.push({
      loc: [...loc, "walletAddress"],
      msg:
        parsed.chain === "evm" ? "must be an EVM address (0x and 40 hex digits)" : "must be a Solana address (base58, 32 to 44 characters)",
    });
  }
  if (parsed.value !== undefined && !Number.isSafeInteger(parsed.value))
    detail.push({ loc: [...loc, "value"], msg: "must be a safe integer" });
  const reversal = parsed.type === "refund" || parsed.type === "chargeback";
  if (reversal && parsed.reversesEventId === undefined)
    detail.push({ loc: [...loc, "reversesEventId"], msg: "is required for a refund or chargeback: the eventId it undoes" });
  if (!reversal && parsed.reversesEventId !== undefined)
    detail.push({ loc: [...loc, "reversesEventId"], msg: "is only for a refund or chargeback" });
  if (parsed.value !== undefined && parsed.currency === undefined)
    detail.push({ loc: [...loc, "currency"], msg: "is required with value" });
  const occurredAt = occurredAtMs(parsed.occurredAt);
  if (occurredAt === null)
    detail.push({ loc: [...loc, "occurredAt"], msg: "must be an ISO 8601 time or epoch milliseconds between 2000 and 2100" });
  let metadata: string | null = null;
  if (Array.isArray(parsed.metadata)) {
    detail.push({ loc: [...loc, "metadata"], msg: "must be an object, not an array" });
  } else if (parsed.metadata !== undefined) {
    metadata = metadataJson(parsed.metadata);
    if (metadata === null || new TextEncoder().encode(metadata).length > MAX_METADATA_BYTES) {
      detail.push({ loc: [...loc, "metadata"], msg: `must be at most ${MAX_METADATA_BYTES} bytes as JSON` });
    }
  }
  if (detail.length > 0 || occurredAt === null) return { ok: false, detail };
  return {
    ok: true,
    event: {
      eventId: parsed.eventId,
      type: parsed.type,
      walletAddress: parsed.walletAddress,
      addressKey: parsed.chain === "evm" ? parsed.walletAddress.toLowerCase() : parsed.walletAddress,
      chain: parsed.chain,
      value: parsed.value ?? null,
      currency: parsed.currency ?? null,
      occurredAt,
      metadata,
      clickId: parsed.clickId ?? null,
      customerId: parsed.customerId ?? null,
      orderId: parsed.orderId ?? null,
      reversesEventId: parsed.reversesEventId ?? null,
    },
  };
}

const batchShape = type({ events: "unknown[]" });

function wellFormedEventId(value: unknown): string | null {
  return typeof value === "string" && value.length >= 1 && value.length <= 200 && printable(value) ? value : null;
}

export type CheckedBody = {
  valid: { index: number; event: ValidConversionEvent }[];
  rejected: { index: number; eventId: string | null; detail: FieldError[] }[];
  /** Whether the body was a batch (`{ events }`) or one bare event. */
  batch: boolean;
};

/**
 * The body: `{ events: [...] }` (1 to 100) or one event. A body that is neither, or a batch of the wrong size, is
 * `{ ok: false }` with the fields at fault; otherwise each event is checked on its own.
 */
export function checkIngestBody(body: unknown): { ok: true; checked: CheckedBody } | { ok: false; detail: FieldError[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return { ok: false, detail: [{ loc: ["body"], msg: "must be one event or { events: [...] }" }] };
  }
  if (!("events" in body)) {
    const check = checkConversionEvent(body, ["body"]);
    return check.ok
      ? { ok: true, checked: { valid: [{ index: 0, event: check.event }], rejected: [], batch: false } }
      : { ok: false, detail: check.detail };
  }
  const batch = batchShape(body);
  if (batch instanceof type.errors) return { ok: false, detail: [{ loc: ["body", "events"], msg: "must be an array of events" }] };
  if (batch.events.length === 0 || batch.events.length > MAX_EVENTS_PER_BATCH) {
    return {
      ok: false,
      detail: [{ loc: ["body", "events"], msg: `must hold 1 to ${MAX_EVENTS_PER_BATCH} events (got ${batch.events.length})` }],
    };
  }
  const checked: CheckedBody = { valid: [], rejected: [], batch: true };
  batch.events.forEach((input, index) => {
    const check = checkConversionEvent(input, ["body", "events", index]);
    if (check.ok) {
      checked.valid.push({ index, event: check.event });
      return;
    }
    // Named back only when it is a well-formed id: a refused event's id may be the oversized value itself.
    const eventId = typeof input === "object" && input !== null && "eventId" in input ? wellFormedEventId(input.eventId) : null;
    checked.rejected.push({ index, eventId, detail: check.detail });
  });
  return { ok: true, checked };
}

/**
 * What an accepted event was credited to: `via` "click" (its click id), "customer" (its customer id, first seen with
 * a click), "wallet" (a creator's verified wallet and how they signed up) or null with `reason` saying why not.
 */
export const attributionSchema = z.object({
  via: z.nullable(z.enum(["click", "customer", "wallet"])),
  campaignId: z.nullable(z.string()),
  creatorId: z.nullable(z.string()),
  reason: z.optional(z.string()),
});
export type Attribution = z.infer<typeof attributionSchema>;

/** The answer of an ingest call (200): what was stored, what was already there, what was refused and why. */
export const ingestResultSchema = z.object({
  received: z.number().check(z.int()),
  accepted: z.number().check(z.int()),
  duplicates: z.number().check(z.int()),
  matched: z.number().check(z.int()),
  unmatched: z.number().check(z.int()),
  rejected: z.array(
    z.object({
      index: z.number().check(z.int()),
      eventId: z.nullable(z.string()),
      detail: z.array(z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() })),
    }),
  ),
  /**
   * Per stored or duplicate event, in body order: "accepted" or "duplicate" (the event id was sent before, or its
   * order id was counted within 7 days: `reason` says which), and for an accepted one what it was credited to, or why
   * nothing.
   */
  results: z.array(
    z.object({
      index: z.number().check(z.int()),
      eventId: z.string(),
      status: z.enum(["accepted", "duplicate"]),
      reason: z.optional(z.string()),
      attribution: z.optional(attributionSchema),
    }),
  ),
});
export type IngestResult = z.infer<typeof ingestResultSchema>;
