import type { Consent } from "~/lib/analytics/consent";
import type { ErrorScreenReport } from "./error-report.ts";
import { SEVERITY_ERROR, type TelemetrySdk } from "./telemetry-sdk.ts";

export type PageVisit = { path: string; uri: string; title: string };

/**
 * What telemetry may say about the visitor (PRODUCT.md "Analytics and telemetry"): exceptions and performance always,
 * page views and the signed-in user id only while consent is `allow-all`. Consent can change at any time: allowing
 * counts the page being shown (once), anything else clears the user id and stops page views at once.
 */
export function createTelemetryController(sdk: TelemetrySdk) {
  let allowed = false;
  let userId: string | null = null;
  let page: PageVisit | null = null;
  let countedPath: string | null = null;

  function applyUser() {
    if (allowed && userId !== null) sdk.setAuthenticatedUserContext(userId, undefined, false);
    else sdk.clearAuthenticatedUserContext();
  }

  function countPage() {
    if (!allowed || page === null || page.path === countedPath) return;
    countedPath = page.path;
    sdk.trackPageView({ name: page.title, uri: page.uri });
  }

  return {
    consentChanged(consent: Consent | null) {
      const wasAllowed = allowed;
      allowed = consent === "allow-all";
      if (allowed === wasAllowed) return;
      applyUser();
      countPage();
    },
    userChanged(id: string | null) {
      if (id === userId) return;
      userId = id;
      applyUser();
    },
    pageChanged(visit: PageVisit) {
      page = visit;
      countPage();
    },
    /** The error screen's incident, sent at once: the visitor is likely to leave the page. */
    reportErrorScreen(report: ErrorScreenReport) {
      sdk.trackException({ exception: report.exception, severityLevel: SEVERITY_ERROR }, report.properties);
      sdk.flush(true);
    },
  };
}

export type TelemetryController = ReturnType<typeof createTelemetryController>;
