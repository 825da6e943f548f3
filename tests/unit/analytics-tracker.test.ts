import { type } from "arktype";
import { describe, expect, it } from "vitest";
import type { AnalyticsBatch } from "../../worker/contracts/analytics.ts";
import { ANALYTICS_DEFERRAL_MS, analyticsBatchShape } from "../../worker/contracts/analytics.ts";
import type { Consent } from "../../app/lib/analytics/consent.ts";
import { createTracker, FLUSH_AT_EVENTS, FLUSH_INTERVAL_MS, type Scheduler, type Tracker } from "../../app/lib/analytics/tracker.ts";
import { createTrackerHost } from "../../app/lib/analytics/tracker-host.ts";

/** Time the test moves by hand: timers run when `advance` passes them, in order. */
class ManualClock implements Scheduler {
  private time = 1_800_000_000_000;
  private nextHandle = 1;
  private readonly timers = new Map<number, { at: number; run: () => void }>();
  now = () => this.time;
  setTimeout = (run: () => void, ms: number) => {
    const handle = this.nextHandle++;
    this.timers.set(handle, { at: this.time + ms, run });
    return handle;
  };
  clearTimeout = (handle: unknown) => void this.timers.delete(handle as number);
  advance(ms: number) {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers].filter(([, timer]) => timer.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (due === undefined) break;
      this.timers.delete(due[0]);
      this.time = due[1].at;
      due[1].run();
    }
    this.time = end;
  }
}

type Sent = { batch: AnalyticsBatch; hiding: boolean };

function setUp(page = { path: "/campaigns", referrer: "https://x.com/" }) {
  const clock = new ManualClock();
  const sent: Sent[] = [];
  let ids = 0;
  const deps = {
    scheduler: clock,
    transport: { send: (batch: AnalyticsBatch, { hiding }: { hiding: boolean }) => void sent.push({ batch, hiding }) },
    page: () => page,
    sender: () => ({ deviceId: "device-1", attribution: { utm_campaign: "spring", first_utm_source: "newsletter" } }),
    newEventId: () => `event-${String(++ids).padStart(4, "0")}`,
  };
  return { clock, sent, page, deps, tracker: createTracker(deps) };
}

const events = (sent: Sent[]) => sent.flatMap(({ batch }) => batch.events);

describe("the tracker's deferral", () => {
  it("handles nothing before 2,500 ms and sends the event, as it was at the call, after", () => {
    const { clock, sent, page, tracker } = setUp();
    const calledAt = clock.now();
    tracker.trackEvent("sign_in_clicked", { properties: { advertiser_id: "adv-1" } });
    page.path = "/elsewhere";
    clock.advance(ANALYTICS_DEFERRAL_MS - 1);
    tracker.flush({ hiding: false });
    expect(sent).toEqual([]);

    clock.advance(1);
    tracker.flush({ hiding: false });
    expect(sent).toEqual([
      {
        hiding: false,
        batch: {
          deviceId: "device-1",
          attribution: { utm_campaign: "spring", first_utm_source: "newsletter" },
          events: [
            {
              id: "event-0001",
              name: "sign_in_clicked",
              occurredAt: calledAt,
              pagePath: "/campaigns",
              referrer: "https://x.com/",
              properties: { advertiser_id: "adv-1" },
            },
          ],
        },
      },
    ]);
    expect(analyticsBatchShape(sent[0]?.batch)).not.toBeInstanceOf(type.errors);
  });

  it("sends queued events on its own a few seconds after they were handled", () => {
    const { clock, sent, tracker } = setUp();
    tracker.trackEvent("landing_viewed");
    clock.advance(ANALYTICS_DEFERRAL_MS + FLUSH_INTERVAL_MS - 1);
    expect(sent).toEqual([]);
    clock.advance(1);
    expect(events(sent).map((event) => event.name)).toEqual(["landing_viewed"]);
  });

  it("defers identify and user properties too, and names the user on the batches after identify", () => {
    const { clock, sent, tracker } = setUp({ path: "/", referrer: "" });
    tracker.identify("user-1");
    tracker.setUserProperties({ plan: "creator" });
    tracker.setUserPropertiesOnce({ first_seen: 1 });
    clock.advance(ANALYTICS_DEFERRAL_MS);
    tracker.flush({ hiding: false });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.batch.userId).toBe("user-1");
    expect(events(sent).map(({ name, properties, referrer }) => ({ name, properties, referrer }))).toEqual([
      { name: "user_properties_set", properties: { plan: "creator" }, referrer: undefined },
      { name: "user_properties_set_once", properties: { first_seen: 1 }, referrer: undefined },
    ]);
  });

  it("drops calls whose name the endpoint would refuse, so that they cannot lose the batch", () => {
    const { clock, sent, tracker } = setUp();
    tracker.trackEvent("Bad Name");
    tracker.trackEvent("good_name");
    clock.advance(ANALYTICS_DEFERRAL_MS);
    tracker.flush({ hiding: false });
    expect(events(sent).map((event) => event.name)).toEqual(["good_name"]);
  });
});

describe("batching", () => {
  it(`sends at once when ${FLUSH_AT_EVENTS} events are queued, each with its own id`, () => {
    const { clock, sent, tracker } = setUp();
    for (let index = 0; index < FLUSH_AT_EVENTS + 3; index += 1) tracker.trackEvent("item_viewed", { properties: { index } });
    clock.advance(ANALYTICS_DEFERRAL_MS);
    expect(sent.map(({ batch }) => batch.events.length)).toEqual([FLUSH_AT_EVENTS]);
    clock.advance(FLUSH_INTERVAL_MS);
    expect(sent.map(({ batch }) => batch.events.length)).toEqual([FLUSH_AT_EVENTS, 3]);
    expect(new Set(events(sent).map((event) => event.id)).size).toBe(FLUSH_AT_EVENTS + 3);
  });

  it("handles waiting calls at once and sends them as a beacon when the page hides", () => {
    const { clock, sent, tracker } = setUp();
    tracker.trackEvent("sign_in_clicked");
    clock.advance(1000);
    tracker.flush({ hiding: true });
    expect(sent.map(({ hiding, batch }) => ({ hiding, names: batch.events.map((event) => event.name) }))).toEqual([
      { hiding: true, names: ["sign_in_clicked"] },
    ]);
    clock.advance(ANALYTICS_DEFERRAL_MS + FLUSH_INTERVAL_MS);
    expect(sent).toHaveLength(1);
  });
});

describe("consent switching", () => {
  function hostWith(deps: ReturnType<typeof setUp>["deps"]) {
    const published: { tracker: Tracker | null } = { tracker: null };
    let hideListeners = 0;
    const host = createTrackerHost({
      create: () => createTracker(deps),
      install: (tracker) => (published.tracker = tracker),
      listenForHide: () => {
        hideListeners += 1;
        return () => (hideListeners -= 1);
      },
    });
    return { host, published, hideListeners: () => hideListeners };
  }

  it("loads the tracker on allow-all only", () => {
    const { deps } = setUp();
    for (const consent of [null, "required-only", "decline-all"] as (Consent | null)[]) {
      const { host, published } = hostWith(deps);
      host.applyConsent(consent);
      expect(published.tracker, String(consent)).toBeNull();
    }
    const { host, published, hideListeners } = hostWith(deps);
    host.applyConsent("allow-all");
    expect(published.tracker).not.toBeNull();
    expect(hideListeners()).toBe(1);
  });

  for (const choice of ["decline-all", "required-only"] as const) {
    it(`unloads at once on ${choice}, dropping the calls still waiting or queued`, () => {
      const { clock, sent, deps } = setUp();
      const { host, published, hideListeners } = hostWith(deps);
      host.applyConsent("allow-all");
      const tracker = published.tracker;
      tracker?.trackEvent("queued_event");
      clock.advance(ANALYTICS_DEFERRAL_MS);
      tracker?.trackEvent("waiting_event");
      host.applyConsent(choice);
      expect(published.tracker).toBeNull();
      expect(hideListeners()).toBe(0);
      tracker?.trackEvent("late_event");
      clock.advance(60_000);
      expect(sent).toEqual([]);
    });
  }

  it("loads a fresh tracker when the visitor allows analytics again", () => {
    const { clock, sent, deps } = setUp();
    const { host, published } = hostWith(deps);
    host.applyConsent("allow-all");
    const first = published.tracker;
    host.applyConsent("decline-all");
    host.applyConsent("allow-all");
    expect(published.tracker).not.toBe(first);
    published.tracker?.trackEvent("landing_viewed");
    clock.advance(ANALYTICS_DEFERRAL_MS + FLUSH_INTERVAL_MS);
    expect(events(sent).map((event) => event.name)).toEqual(["landing_viewed"]);
  });
});
