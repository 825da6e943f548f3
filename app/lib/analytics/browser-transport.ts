import { ANALYTICS_EVENTS_PATH } from "@contracts/analytics-names.ts";
import type { Transport } from "./tracker";

/**
 * Batches go to the project's own endpoint. While the page hides, `sendBeacon` (a text/plain body, which needs no
 * preflight and survives the unload); otherwise fetch with `keepalive`. A lost batch is not worth an error.
 */
export const browserTransport: Transport = {
  send(batch, { hiding }) {
    const body = JSON.stringify(batch);
    if (hiding && typeof navigator.sendBeacon === "function" && navigator.sendBeacon(ANALYTICS_EVENTS_PATH, body)) return;
    fetch(ANALYTICS_EVENTS_PATH, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
      credentials: "same-origin",
      keepalive: true,
    }).catch(() => undefined);
  },
};
