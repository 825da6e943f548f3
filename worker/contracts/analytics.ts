import { type } from "arktype";
import { MAX_ANALYTICS_EVENTS_PER_BATCH } from "./analytics-names.ts";

export * from "./analytics-names.ts";

/**
 * The first-party tracker (SPEC.md sections 5 and 7, docs/decisions/022-analytics-and-telemetry.md). The browser
 * sends batches of events to `POST /v1/events`; the worker checks them with arktype (a hot path), puts the batch on
 * the analytics queue and answers 202; the queue consumer writes the events to D1.
 */

const attributionValue = "0 < string <= 256";

export const analyticsEventShape = type({
  /** Given by the browser, unique per event: a batch delivered twice is written once. */
  id: /^[A-Za-z0-9_-]{8,64}$/,
  name: /^[a-z][a-z0-9_]{0,63}$/,
  /** Epoch milliseconds in the browser when the call was made. */
  occurredAt: "number.integer >= 0",
  pagePath: "0 < string <= 2048",
  "referrer?": "string <= 2048",
  /** Flat properties; `campaign_id` and `advertiser_id` among them place the event in the funnel. */
  "properties?": type({ "[string]": "string <= 2048 | number | boolean | null" }),
});
export type AnalyticsEvent = typeof analyticsEventShape.infer;

export const analyticsBatchShape = type({
  /** The tracker device id (`vtid` or the one this browser keeps). */
  deviceId: "0 < string <= 128",
  /** What `identify(userId)` was given; the server keeps the session's user, never this value, on the events. */
  "userId?": "string <= 128",
  "attribution?": {
    "utm_source?": attributionValue,
    "utm_medium?": attributionValue,
    "utm_campaign?": attributionValue,
    "utm_term?": attributionValue,
    "utm_content?": attributionValue,
    "first_utm_source?": attributionValue,
    "first_utm_medium?": attributionValue,
    "first_utm_campaign?": attributionValue,
    "first_utm_term?": attributionValue,
    "first_utm_content?": attributionValue,
    "invite_id?": attributionValue,
  },
  events: analyticsEventShape.array().atLeastLength(1).atMostLength(MAX_ANALYTICS_EVENTS_PER_BATCH),
});
export type AnalyticsBatch = typeof analyticsBatchShape.infer;

/** One message on the analytics queue: a checked batch, with the user the server attached and when it arrived. */
export type AnalyticsQueueMessage = AnalyticsBatch & { sessionUserId: string | null; receivedAt: number };
