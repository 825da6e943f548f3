import { describe, expect, it } from "vitest";
import { errorDetails } from "~/lib/error-details";
import { newIncidentId } from "../../worker/contracts/incidents.ts";
import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";

describe("errorDetails", () => {
  it("says Page Not Found with the path for a 404", () => {
    expect(errorDetails(new ErrorResponse(404, "Not Found", null), "/nope")).toEqual({
      status: 404,
      message: "Page Not Found: /nope",
    });
  });

  it("uses the response's text for other statuses", () => {
    expect(errorDetails(new ErrorResponse(403, "Forbidden", "You cannot open this campaign."), "/x")).toEqual({
      status: 403,
      message: "You cannot open this campaign.",
    });
  });

  it("treats anything else as a 500 without leaking the error's text", () => {
    expect(errorDetails(new Error("no such table: campaigns"), "/campaigns")).toEqual({
      status: 500,
      message: "Something went wrong on our side.",
    });
  });
});

describe("newIncidentId", () => {
  it("draws 12 hex characters, different each time", () => {
    const first = newIncidentId();
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    expect(newIncidentId()).not.toBe(first);
  });
});
