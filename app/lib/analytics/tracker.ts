import type { AnalyticsBatch, AnalyticsEvent, Attribution } from "@contracts/analytics.ts";
import { ANALYTICS_DEFERRAL_MS, trackedEventNames } from "@contracts/analytics-names.ts";
import { buildBatches, buildEvent, type CallContext, type EventProperties, isSendableEventName } from "./batch";

export type { EventProperties } from "./batch";

/** The global tracker of SPEC.md section 7: every call is handled ANALYTICS_DEFERRAL_MS after it was made. */
export type Tracker = {
  trackEvent(name: string, options?: { properties?: EventProperties }): void;
  setUserProperties(properties: EventProperties): void;
  setUserPropertiesOnce(properties: EventProperties): void;
  identify(userId: string): void;
};

export type Scheduler = {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export type Transport = { send(batch: AnalyticsBatch, options: { hiding: boolean }): void };

export type TrackerDeps = {
  scheduler: Scheduler;
  transport: Transport;
  /** The page the call is made on, read at the call. */
  page(): { path: string; referrer: string };
  /** Who sends, read when a batch leaves (the device id and attribution may change while calls wait). */
  sender(): { deviceId: string; attribution: Attribution };
  newEventId(): string;
};

/** Events queued before a batch leaves at the latest, and the batch size that sends at once. */
export const FLUSH_INTERVAL_MS = 5000;
export const FLUSH_AT_EVENTS = 50;

export type ControlledTracker = Tracker & {
  /** Sends what is queued; `hiding`: the page is going away, so waiting calls are handled now and sent as a beacon. */
  flush(options: { hiding: boolean }): void;
  /** Drops every waiting call and queued event; later calls do nothing. */
  dispose(): void;
};

export function createTracker(deps: TrackerDeps): ControlledTracker {
  const { scheduler } = deps;
  let disposed = false;
  let userId: string | null = null;
  let queue: AnalyticsEvent[] = [];
  let flushTimer: unknown = null;
  const waiting = new Map<unknown, () => void>();

  const defer = (run: () => void) => {
    if (disposed) return;
    const handle = scheduler.setTimeout(() => {
      waiting.delete(handle);
      run();
    }, ANALYTICS_DEFERRAL_MS);
    waiting.set(handle, run);
  };

  const send = (hiding: boolean) => {
    if (flushTimer !== null) scheduler.clearTimeout(flushTimer);
    flushTimer = null;
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    const sender = deps.sender();
    for (const batch of buildBatches(events, { ...sender, userId }, FLUSH_AT_EVENTS)) deps.transport.send(batch, { hiding });
  };

  const enqueue = (event: AnalyticsEvent) => {
    queue.push(event);
    if (queue.length >= FLUSH_AT_EVENTS) send(false);
    else if (flushTimer === null) {
      flushTimer = scheduler.setTimeout(() => {
        flushTimer = null;
        send(false);
      }, FLUSH_INTERVAL_MS);
    }
  };

  const callContext = (): CallContext => {
    const page = deps.page();
    return { occurredAt: scheduler.now(), pagePath: page.path, referrer: page.referrer };
  };

  const trackEvent: Tracker["trackEvent"] = (name, options) => {
    if (!isSendableEventName(name)) return;
    const at = callContext();
    defer(() => enqueue(buildEvent(deps.newEventId(), name, options?.properties, at)));
  };

  return {
    trackEvent,
    setUserProperties: (properties) => trackEvent(trackedEventNames.userPropertiesSet, { properties }),
    setUserPropertiesOnce: (properties) => trackEvent(trackedEventNames.userPropertiesSetOnce, { properties }),
    identify: (id) =>
      defer(() => {
        userId = id;
      }),
    flush: ({ hiding }) => {
      if (disposed) return;
      if (hiding) {
        const runs = [...waiting];
        waiting.clear();
        for (const [handle, run] of runs) {
          scheduler.clearTimeout(handle);
          run();
        }
      }
      send(hiding);
    },
    dispose: () => {
      disposed = true;
      for (const handle of waiting.keys()) scheduler.clearTimeout(handle);
      waiting.clear();
      if (flushTimer !== null) scheduler.clearTimeout(flushTimer);
      flushTimer = null;
      queue = [];
    },
  };
}
