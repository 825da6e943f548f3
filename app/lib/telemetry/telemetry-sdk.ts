/**
 * The part of the Application Insights SDK the app uses: the seam between our rules (consent, page views, the error
 * screen's report) and the SDK, which loads after hydration (`start-telemetry.ts`).
 */
export type TelemetryException = { name: string; message: string; stack?: string };

export type TelemetrySdk = {
  trackException(telemetry: { exception: TelemetryException; severityLevel: number }, properties: Record<string, unknown>): void;
  trackPageView(pageView: { name: string; uri: string }): void;
  setAuthenticatedUserContext(authenticatedUserId: string, accountId?: string, storeInCookie?: boolean): void;
  clearAuthenticatedUserContext(): void;
  flush(async?: boolean): unknown;
};

/** The SDK's `eSeverityLevel.Error`. */
export const SEVERITY_ERROR = 3;
