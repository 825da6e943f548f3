import { describe, expect, it } from "vitest";
import { createTelemetryController } from "~/lib/telemetry/telemetry-controller";
import type { TelemetrySdk } from "~/lib/telemetry/telemetry-sdk";

/** A recording stand-in for the Application Insights SDK at the seam our code calls (telemetry-sdk.ts). */
function fakeSdk() {
  const calls: string[] = [];
  const sdk: TelemetrySdk = {
    trackException: (telemetry, properties) => calls.push(`exception ${telemetry.exception.message} ${String(properties.incidentId)}`),
    trackPageView: (pageView) => calls.push(`page view ${pageView.uri}`),
    setAuthenticatedUserContext: (userId, _accountId, storeInCookie) => calls.push(`user ${userId} cookie=${String(storeInCookie)}`),
    clearAuthenticatedUserContext: () => calls.push("user cleared"),
    flush: () => calls.push("flush"),
  };
  return { sdk, calls };
}

const page = (path: string) => ({ path, uri: `https://chorus.example${path}`, title: path });

describe("telemetry under consent", () => {
  it("with allow-all counts each page once and names the signed-in user, without a cookie", () => {
    const { sdk, calls } = fakeSdk();
    const telemetry = createTelemetryController(sdk);
    telemetry.consentChanged("allow-all");
    telemetry.userChanged("user-1");
    telemetry.pageChanged(page("/"));
    telemetry.pageChanged(page("/"));
    telemetry.pageChanged(page("/campaigns"));
    expect(calls).toEqual([
      "user cleared",
      "user user-1 cookie=false",
      "page view https://chorus.example/",
      "page view https://chorus.example/campaigns",
    ]);
  });

  it.each(["required-only", "decline-all", null] as const)("with %s sends no page view and no user id", (consent) => {
    const { sdk, calls } = fakeSdk();
    const telemetry = createTelemetryController(sdk);
    telemetry.consentChanged(consent);
    telemetry.userChanged("user-1");
    telemetry.pageChanged(page("/"));
    telemetry.pageChanged(page("/campaigns"));
    expect(calls).toEqual(["user cleared"]);
  });

  it("switches live: allowing counts the page shown and names the user; declining clears the user and stops page views", () => {
    const { sdk, calls } = fakeSdk();
    const telemetry = createTelemetryController(sdk);
    telemetry.consentChanged(null);
    telemetry.userChanged("user-1");
    telemetry.pageChanged(page("/"));
    calls.length = 0;

    telemetry.consentChanged("allow-all");
    expect(calls).toEqual(["user user-1 cookie=false", "page view https://chorus.example/"]);
    calls.length = 0;

    telemetry.consentChanged("decline-all");
    telemetry.pageChanged(page("/profile"));
    expect(calls).toEqual(["user cleared"]);
    calls.length = 0;

    telemetry.consentChanged("allow-all");
    expect(calls).toEqual(["user user-1 cookie=false", "page view https://chorus.example/profile"]);
  });

  it("reports the error screen's incident whatever the consent, and sends it at once", () => {
    const { sdk, calls } = fakeSdk();
    const telemetry = createTelemetryController(sdk);
    telemetry.consentChanged("decline-all");
    calls.length = 0;
    telemetry.reportErrorScreen({
      exception: { name: "ErrorScreen", message: "Something went wrong on our side." },
      properties: { incidentId: "a1b2c3d4e5f6", userId: "", handle: "", message: "x", stack: "", statusCode: 500, fromExtension: false },
    });
    expect(calls).toEqual(["exception Something went wrong on our side. a1b2c3d4e5f6", "flush"]);
  });
});
