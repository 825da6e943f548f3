import { describe, expect, it } from "vitest";
import { errorScreenReport } from "~/lib/telemetry/error-report";
import { createTelemetryQueue } from "~/lib/telemetry/telemetry-queue";

const user = { userId: "user-1", handle: "ada" };

describe("the error screen's telemetry report", () => {
  it("carries the incident id, the user, the message, the stack and the status code of a browser error", () => {
    const error = new TypeError("Failed to fetch");
    error.stack = "TypeError: Failed to fetch\n    at load (https://chorus.example/assets/campaigns-1.js:4:2)";
    const report = errorScreenReport({
      incidentId: "a1b2c3d4e5f6",
      statusCode: 500,
      message: "Something went wrong on our side.",
      error,
      user,
    });
    expect(report.properties).toEqual({
      incidentId: "a1b2c3d4e5f6",
      userId: "user-1",
      handle: "ada",
      message: "Something went wrong on our side.",
      stack: error.stack,
      statusCode: 500,
      fromExtension: false,
    });
    expect(report.exception).toEqual({ name: "TypeError", message: "Failed to fetch", stack: error.stack });
  });

  it("names a server failure (a route error response, no stack) after the screen, for a visitor nobody signed in", () => {
    const routeError = { status: 503, statusText: "Service Unavailable", internal: false, data: "Down for maintenance" };
    const report = errorScreenReport({
      incidentId: "0123456789ab",
      statusCode: 503,
      message: "Down for maintenance",
      error: routeError,
      user: null,
    });
    expect(report.exception).toEqual({ name: "ErrorScreen", message: "Down for maintenance" });
    expect(report.properties).toMatchObject({ userId: "", handle: "", stack: "", statusCode: 503, fromExtension: false });
  });

  it("flags an error whose stack runs through a browser extension", () => {
    const error = new Error("Cannot read properties of null");
    error.stack = "Error: Cannot read properties of null\n    at hook (chrome-extension://abcdef/content.js:1:99)";
    const report = errorScreenReport({
      incidentId: "0123456789ab",
      statusCode: 500,
      message: "Something went wrong on our side.",
      error,
      user,
    });
    expect(report.properties.fromExtension).toBe(true);
  });
});

describe("the queue in front of the telemetry SDK", () => {
  it("holds calls made before the SDK loads and runs them in order once it is ready, later ones at once", () => {
    const queue = createTelemetryQueue<string[]>();
    const sdk: string[] = [];
    queue.run((calls) => calls.push("first report"));
    queue.run((calls) => calls.push("second report"));
    expect(sdk).toEqual([]);
    queue.start(sdk);
    expect(sdk).toEqual(["first report", "second report"]);
    queue.run((calls) => calls.push("after start"));
    expect(sdk).toEqual(["first report", "second report", "after start"]);
  });

  it("keeps at most its limit while the SDK never loads", () => {
    const queue = createTelemetryQueue<string[]>(2);
    for (const name of ["a", "b", "c"]) queue.run((calls) => calls.push(name));
    const sdk: string[] = [];
    queue.start(sdk);
    expect(sdk).toEqual(["a", "b"]);
  });
});
