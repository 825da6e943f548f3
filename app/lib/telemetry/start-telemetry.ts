import { ApplicationInsights, DistributedTracingModes } from "@microsoft/applicationinsights-web";
import { currentConsent, subscribeConsent } from "~/lib/analytics/consent";
import { isIgnoredException } from "./ignored-exceptions.ts";
import { createTelemetryController, type TelemetryController } from "./telemetry-controller.ts";

/** Where the worker takes the SDK's batches and forwards them to the ingestion endpoint of the connection string. */
export const TELEMETRY_FORWARDING_PATH = "/application-insights-forwarding";

/**
 * The SDK's own limits, written out so that SPEC.md section 9 can be checked against them (they are the SDK's
 * defaults): flush every 15 s, batches of at most 100 KB, at most 500 dependency calls per page view, sessions renewed
 * after 30 minutes idle and ended after 24 hours. Name, property, message and URL lengths (150, 8192, 32768, 2048),
 * the 2,000-item send buffer, the 5 s flush timeout and the retried status codes are not configurable.
 */
const sdkLimits = {
  maxBatchInterval: 15_000,
  maxBatchSizeInBytes: 100 * 1024,
  maxAjaxCallsPerView: 500,
  sessionRenewalMs: 30 * 60 * 1000,
  sessionExpirationMs: 24 * 60 * 60 * 1000,
};

/**
 * Loaded by `telemetry.tsx` after hydration (a chunk of its own, never in the first-load JavaScript). Exceptions and
 * performance (fetch and XMLHttpRequest dependencies, with the W3C `traceparent` header on same-origin requests) are
 * always on; page views and the user id follow consent. No cookies; the CDN configuration the SDK would fetch from
 * js.monitor.azure.com is blocked (our content security policy allows only our own origin, and it is a third party).
 */
export function startTelemetry(instrumentationKey: string): TelemetryController {
  const appInsights = new ApplicationInsights({
    config: {
      instrumentationKey,
      endpointUrl: `${window.location.origin}${TELEMETRY_FORWARDING_PATH}`,
      disableCookiesUsage: true,
      disableExceptionTracking: false,
      enableUnhandledPromiseRejectionTracking: true,
      disableAjaxTracking: false,
      disableFetchTracking: false,
      distributedTracingMode: DistributedTracingModes.W3C,
      enableAutoRouteTracking: false,
      // Flush on pagehide and visibilitychange only: an unload listener is deprecated and keeps the page out of the
      // back/forward cache.
      disablePageUnloadEvents: ["unload", "beforeunload"],
      ...sdkLimits,
      extensionConfig: { AppInsightsCfgSyncPlugin: { cfgUrl: "", blkCdnCfg: true } },
    },
  });
  appInsights.loadAppInsights();
  appInsights.addTelemetryInitializer((item) => !isIgnoredException(item));
  const controller = createTelemetryController(appInsights);
  controller.consentChanged(currentConsent());
  subscribeConsent((consent) => controller.consentChanged(consent));
  return controller;
}
