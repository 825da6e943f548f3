import { type } from "arktype";
import type { Capabilities } from "../../capabilities.ts";
import { DAY, HOUR } from "../../clock.ts";
import { analyticsBatchShape, type AnalyticsBatch, type AnalyticsEvent, type AnalyticsQueueMessage } from "../../contracts/analytics.ts";
import { AppError, invalidRequest, type FieldError } from "../../contracts/errors.ts";

/** A browser clock may run ahead a little; an event from further ahead, or older than a week, is refused. */
export const MAX_EVENT_AHEAD_MS = 24 * HOUR;
export const MAX_EVENT_AGE_MS = 7 * DAY;
/** The largest message Cloudflare Queues carries. */
const MAX_QUEUE_MESSAGE_BYTES = 128 * 1024;

export type AcceptedBatch = {
  accepted: number;
  /** Events left out because of when they say they happened, each named by its index in the batch. */
  refused: FieldError[];
};

function checkShape(body: unknown): AnalyticsBatch {
  const checked = analyticsBatchShape(body);
  if (!(checked instanceof type.errors)) return checked;
  throw invalidRequest(
    checked.map((error) => ({
      loc: ["body", ...error.path.map((part) => (typeof part === "number" ? part : String(part)))],
      msg: error.problem,
    })),
  );
}

function timeProblem(event: AnalyticsEvent, now: number): string | null {
  if (event.occurredAt > now + MAX_EVENT_AHEAD_MS) return "is more than 24 hours in the future";
  if (event.occurredAt < now - MAX_EVENT_AGE_MS) return "is more than 7 days in the past";
  return null;
}

/** Only the fields the contract names travel on: a `userId` in the body, or anything else, is left behind. */
function eventFields(event: AnalyticsEvent): AnalyticsEvent {
  return {
    id: event.id,
    name: event.name,
    occurredAt: event.occurredAt,
    pagePath: event.pagePath,
    ...(event.referrer === undefined ? {} : { referrer: event.referrer }),
    ...(event.properties === undefined ? {} : { properties: event.properties }),
  };
}

/**
 * `POST /v1/events`: checks a batch from the tracker and puts it, as one message, on the analytics queue, with the
 * user of the session that sent it (never the body's `userId`). A malformed batch is a 400 naming each field; an
 * event from outside the accepted time window is left out and named, and a batch with no event left is a 400.
 */
export async function acceptAnalyticsBatch(
  { clock }: Pick<Capabilities, "clock">,
  queue: Queue<AnalyticsQueueMessage>,
  body: unknown,
  sessionUserId: string | null,
): Promise<AcceptedBatch> {
  const batch = checkShape(body);
  const now = clock.now();
  const refused: FieldError[] = [];
  const events = batch.events.filter((event, index) => {
    const problem = timeProblem(event, now);
    if (problem !== null) refused.push({ loc: ["body", "events", index, "occurredAt"], msg: problem });
    return problem === null;
  });
  if (events.length === 0) throw invalidRequest(refused);
  const message: AnalyticsQueueMessage = {
    deviceId: batch.deviceId,
    ...(batch.attribution === undefined ? {} : { attribution: batch.attribution }),
    events: events.map(eventFields),
    sessionUserId,
    receivedAt: now,
  };
  if (new TextEncoder().encode(JSON.stringify(message)).byteLength > MAX_QUEUE_MESSAGE_BYTES) {
    throw new AppError(413, "body_too_large", "This batch of events is too large to queue. Send fewer events per batch.", [
      { loc: ["body", "events"], msg: `must fit in ${MAX_QUEUE_MESSAGE_BYTES} bytes` },
    ]);
  }
  await queue.send(message, { contentType: "json" });
  return { accepted: events.length, refused };
}
