import { useEffect } from "react";
import { useLocation } from "react-router";
import { errorScreenReport, type ErrorScreenIncident } from "./error-report.ts";
import type { TelemetryController } from "./telemetry-controller.ts";
import { ADMIN_SPOOFING_PATH } from "@contracts/admin-spoofing.ts";
import { createTelemetryQueue } from "./telemetry-queue.ts";

const telemetry = createTelemetryQueue<TelemetryController>();
const reportedIncidents = new Set<string>();
let started = false;

/** Runs `task` when the browser is idle after hydration, so the SDK never competes with the first render. */
function whenIdle(task: () => void) {
  if (typeof window.requestIdleCallback === "function") window.requestIdleCallback(task, { timeout: 3000 });
  else window.setTimeout(task, 1);
}

function start(instrumentationKey: string) {
  if (started) return;
  started = true;
  whenIdle(() => {
    import("./start-telemetry.ts")
      .then(({ startTelemetry }) => telemetry.start(startTelemetry(instrumentationKey)))
      .catch((error: unknown) => console.warn("Telemetry could not start", error));
  });
}

/** SPEC.md section 8: the error screen reports status 500 and above; the report waits for the SDK if need be. */
export function reportErrorScreen(incident: ErrorScreenIncident): void {
  // One report per incident, also when the screen renders again (development's strict mode runs effects twice).
  if (reportedIncidents.has(incident.incidentId)) return;
  reportedIncidents.add(incident.incidentId);
  const report = errorScreenReport(incident);
  telemetry.run((controller) => controller.reportErrorScreen(report));
}

/**
 * Mounted once around every page (the error screen included): starts Application Insights after hydration and tells
 * it who is signed in and which page is shown; consent decides what of that it may send.
 */
export function Telemetry({ instrumentationKey, userId }: { instrumentationKey: string; userId: string | null }) {
  const { pathname } = useLocation();
  // The spoofing link's address holds secrets that the SDK would send with every item: no telemetry on that page.
  useEffect(() => {
    if (!ADMIN_SPOOFING_PATH.test(window.location.pathname)) start(instrumentationKey);
  }, [instrumentationKey]);
  useEffect(() => telemetry.run((controller) => controller.userChanged(userId)), [userId]);
  useEffect(() => {
    const visit = { path: pathname, uri: window.location.href, title: document.title || pathname };
    telemetry.run((controller) => controller.pageChanged(visit));
  }, [pathname]);
  return null;
}
