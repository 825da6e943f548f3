import { storedAttribution } from "./attribution";
import type { EventProperties } from "./batch";
import { browserTransport } from "./browser-transport";
import { createTracker, type Tracker } from "./tracker";
import { createTrackerHost, type TrackerHost } from "./tracker-host";
import { pathForLogs } from "@contracts/admin-spoofing.ts";
import { trackerDeviceId } from "../tracker-device";

declare global {
  interface Window {
    /** Present only while the visitor allows analytics (consent `allow-all`). */
    chorusTracker?: Tracker;
  }
}

function listenForHide(onHide: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === "hidden") onHide();
  };
  document.addEventListener("visibilitychange", onVisibility);
  window.addEventListener("pagehide", onHide);
  return () => {
    document.removeEventListener("visibilitychange", onVisibility);
    window.removeEventListener("pagehide", onHide);
  };
}

let host: TrackerHost | null = null;

/** The browser's one tracker host (created on first use, in the browser only). */
export function browserTrackerHost(): TrackerHost {
  host ??= createTrackerHost({
    create: () =>
      createTracker({
        scheduler: {
          now: () => Date.now(),
          setTimeout: (run, ms) => window.setTimeout(run, ms),
          clearTimeout: (handle) => window.clearTimeout(handle as number),
        },
        transport: browserTransport,
        page: () => ({ path: pathForLogs(window.location.pathname), referrer: document.referrer }),
        sender: () => ({ deviceId: trackerDeviceId(), attribution: storedAttribution(window.localStorage) }),
        newEventId: () => crypto.randomUUID(),
      }),
    install: (tracker) => {
      if (tracker === null) delete window.chorusTracker;
      else window.chorusTracker = tracker;
    },
    listenForHide,
  });
  return host;
}

/** The product's way to send an event (SPEC.md section 5): only if the global tracker exists. */
export function track(name: string, properties?: EventProperties): void {
  if (typeof window === "undefined") return;
  window.chorusTracker?.trackEvent(name, properties === undefined ? undefined : { properties });
}
