import type { Consent } from "./consent";
import type { ControlledTracker, Tracker } from "./tracker";

/**
 * Where the tracker lives: it exists only while consent is `allow-all`. Any other choice removes it at once, and the
 * calls it still held are dropped, never sent.
 */
export type TrackerHost = {
  applyConsent(consent: Consent | null): void;
  current(): Tracker | null;
  subscribe(listener: () => void): () => void;
};

export function createTrackerHost(deps: {
  create(): ControlledTracker;
  /** Publishes the tracker (or its absence) where the product looks for it. */
  install(tracker: Tracker | null): void;
  /** Calls `onHide` whenever the page hides; returns how to stop. */
  listenForHide(onHide: () => void): () => void;
}): TrackerHost {
  let loaded: { tracker: ControlledTracker; stopListening: () => void } | null = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };

  const load = () => {
    const tracker = deps.create();
    loaded = { tracker, stopListening: deps.listenForHide(() => tracker.flush({ hiding: true })) };
    deps.install(tracker);
    notify();
  };
  const unload = (current: NonNullable<typeof loaded>) => {
    current.stopListening();
    current.tracker.dispose();
    loaded = null;
    deps.install(null);
    notify();
  };

  return {
    applyConsent(consent) {
      if (consent === "allow-all" && loaded === null) load();
      else if (consent !== "allow-all" && loaded !== null) unload(loaded);
    },
    current: () => loaded?.tracker ?? null,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
