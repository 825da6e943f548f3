import { mentionsExtension } from "./ignored-exceptions.ts";

/** What the error screen knows of an incident it shows (status 500 and above). */
export type ErrorScreenIncident = {
  incidentId: string;
  statusCode: number;
  /** What the screen says. */
  message: string;
  /** What was thrown: an Error in the browser, a route error response (no stack) for a failed server render. */
  error: unknown;
  user: { userId: string; handle: string } | null;
};

/** The custom properties of the report (SPEC.md section 8); support searches telemetry by `incidentId`. */
export type ErrorScreenReportProperties = {
  incidentId: string;
  userId: string;
  handle: string;
  message: string;
  stack: string;
  statusCode: number;
  fromExtension: boolean;
};

export type ErrorScreenReport = {
  exception: { name: string; message: string; stack?: string };
  properties: ErrorScreenReportProperties;
};

function stackOf(error: unknown): string {
  return error instanceof Error && typeof error.stack === "string" ? error.stack : "";
}

/** The exception the error screen sends: the thrown Error when there is one, else one named for the screen. */
export function errorScreenReport(incident: ErrorScreenIncident): ErrorScreenReport {
  const stack = stackOf(incident.error);
  const exception =
    incident.error instanceof Error
      ? { name: incident.error.name, message: incident.error.message || incident.message, stack: stack || undefined }
      : { name: "ErrorScreen", message: incident.message };
  return {
    exception,
    properties: {
      incidentId: incident.incidentId,
      userId: incident.user?.userId ?? "",
      handle: incident.user?.handle ?? "",
      message: incident.message,
      stack,
      statusCode: incident.statusCode,
      fromExtension: mentionsExtension(stack),
    },
  };
}
