import { describe, expect, it } from "vitest";
import { fieldNameOf, formErrorsOf } from "~/lib/api/form-errors";
import { ApiRequestError } from "~/lib/api/http-client";

const refused = (code: string, message: string, detail: { loc: (string | number)[]; msg: string }[]) =>
  new ApiRequestError(400, { status: 400, code, message, detail });

describe("formErrorsOf", () => {
  it("gives the first message per body field, by its path; a field of a list's item by index, an item of a list of values as the list", () => {
    const error = refused("invalid_request", "Invalid request.", [
      { loc: ["body", "validationDays"], msg: "must be at most 90" },
      { loc: ["body", "validationDays"], msg: "must be a whole number" },
      { loc: ["body", "rules", 1, "shareBps"], msg: "must be from 1 to 10000" },
      { loc: ["body", "rules"], msg: "has the event type purchase twice" },
      { loc: ["body", "hostnames", 2], msg: "is not a hostname" },
      { loc: ["body", "audience", "campaignId"], msg: "is required" },
      { loc: ["body"], msg: "must be JSON" },
      { loc: ["query", "page"], msg: "not a body field" },
    ]);
    expect(formErrorsOf(error)).toEqual({
      fields: {
        validationDays: "must be at most 90",
        "rules.1.shareBps": "must be from 1 to 10000",
        rules: "has the event type purchase twice",
        hostnames: "is not a hostname",
        "audience.campaignId": "is required",
      },
      message: "Invalid request.",
      unshown: null,
    });
  });

  it("words a validation error with the form's labels, and keeps the server's words otherwise", () => {
    const validation = refused("invalid_request", "displayName: must not be empty", [
      { loc: ["body", "displayName"], msg: "must not be empty" },
    ]);
    expect(formErrorsOf(validation, { labels: { displayName: "Display name" } })).toEqual({
      fields: { displayName: "must not be empty" },
      message: "Display name: must not be empty",
      unshown: null,
    });
    const wrong = refused("code_wrong", "That code is not right. Check the e-mail and try again (4 tries left).", [
      { loc: ["body", "code"], msg: "is not the code we sent" },
    ]);
    expect(formErrorsOf(wrong, { labels: { code: "Code" } })).toEqual({
      fields: { code: "is not the code we sent" },
      message: "That code is not right. Check the e-mail and try again (4 tries left).",
      unshown: null,
    });
  });

  it("says a failure that names no field in a notice: the server's message, or the error's own without an answer", () => {
    const conflict = new ApiRequestError(409, { status: 409, code: "conflict", message: "This label is taken." });
    expect(formErrorsOf(conflict)).toEqual({ fields: {}, message: "This label is taken.", unshown: "This label is taken." });
    expect(formErrorsOf(new Error("offline"))).toEqual({ fields: {}, message: "offline", unshown: "offline" });
    expect(formErrorsOf(null)).toEqual({ fields: {}, message: null, unshown: null });
    expect(formErrorsOf(undefined)).toEqual({ fields: {}, message: null, unshown: null });
  });

  it("names fields the form's own way when it says how", () => {
    const error = refused("invalid_request", "Invalid request.", [
      { loc: ["body", "rules", "requiredMentions", 0], msg: "must start with @" },
      { loc: ["body", "suggestions", 1, "text"], msg: "must not be empty" },
    ]);
    const firstName = (path: readonly (string | number)[]) => (typeof path[0] === "string" ? path[0] : null);
    expect(formErrorsOf(error, { fieldOf: firstName }).fields).toEqual({ rules: "must start with @", suggestions: "must not be empty" });
  });
});

describe("fieldNameOf", () => {
  it("joins the path with dots, less the indexes at its end; the whole body is no field", () => {
    expect(fieldNameOf(["address"])).toBe("address");
    expect(fieldNameOf(["rules", 0, "shareBps"])).toBe("rules.0.shareBps");
    expect(fieldNameOf(["mailedNotificationKinds", 3])).toBe("mailedNotificationKinds");
    expect(fieldNameOf(["matrix", 1, 2])).toBe("matrix");
    expect(fieldNameOf([])).toBeNull();
    expect(fieldNameOf([0])).toBeNull();
  });
});
