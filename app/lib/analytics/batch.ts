import type { AnalyticsBatch, AnalyticsEvent, Attribution } from "@contracts/analytics.ts";
import { MAX_ANALYTICS_EVENTS_PER_BATCH } from "@contracts/analytics-names.ts";

/** Flat event properties, as the events endpoint accepts them. */
export type EventProperties = Record<string, string | number | boolean | null>;

/** Where and when a call was made: captured at the call, not when the deferred call runs. */
export type CallContext = { occurredAt: number; pagePath: string; referrer: string };

// The endpoint's limits (worker/contracts/analytics.ts): one event it would refuse would lose the whole batch, so the
// tracker trims what it can and drops what it cannot.
const eventNamePattern = /^[a-z][a-z0-9_]{0,63}$/;
const maxText = 2048;
const maxAttributionValue = 256;

export function isSendableEventName(name: string): boolean {
  return eventNamePattern.test(name);
}

function trimmedProperties(properties: EventProperties): EventProperties {
  const trimmed: EventProperties = {};
  for (const [key, value] of Object.entries(properties)) {
    if (typeof value === "number" && !Number.isFinite(value)) continue;
    trimmed[key] = typeof value === "string" ? value.slice(0, maxText) : value;
  }
  return trimmed;
}

export function buildEvent(id: string, name: string, properties: EventProperties | undefined, at: CallContext): AnalyticsEvent {
  return {
    id,
    name,
    occurredAt: Math.max(0, Math.round(at.occurredAt)),
    pagePath: at.pagePath.slice(0, maxText) || "/",
    ...(at.referrer ? { referrer: at.referrer.slice(0, maxText) } : {}),
    ...(properties === undefined || Object.keys(properties).length === 0 ? {} : { properties: trimmedProperties(properties) }),
  };
}

/** The batches for these events: the device, the identified user and the attribution go on each one. */
export function buildBatches(
  events: readonly AnalyticsEvent[],
  who: { deviceId: string; userId: string | null; attribution: Attribution },
  size = MAX_ANALYTICS_EVENTS_PER_BATCH,
): AnalyticsBatch[] {
  const attribution = Object.fromEntries(
    Object.entries(who.attribution)
      .filter(([, value]) => typeof value === "string" && value !== "")
      .map(([field, value]) => [field, value.slice(0, maxAttributionValue)]),
  );
  const batches: AnalyticsBatch[] = [];
  for (let start = 0; start < events.length; start += size) {
    batches.push({
      deviceId: who.deviceId.slice(0, 128),
      ...(who.userId === null ? {} : { userId: who.userId.slice(0, 128) }),
      ...(Object.keys(attribution).length === 0 ? {} : { attribution }),
      events: events.slice(start, start + size),
    });
  }
  return batches;
}
