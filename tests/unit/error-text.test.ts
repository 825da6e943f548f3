import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api/http-client";
import { DEFAULT_ERROR_TEXT, errorText } from "~/lib/error-text";

describe("errorText: what an error toast says", () => {
  it("says the default for anything it cannot read", () => {
    expect(DEFAULT_ERROR_TEXT).toBe("Error, please contact support.");
    expect(errorText(undefined)).toBe(DEFAULT_ERROR_TEXT);
    expect(errorText(null)).toBe(DEFAULT_ERROR_TEXT);
    expect(errorText(42)).toBe(DEFAULT_ERROR_TEXT);
    expect(errorText(new Error("TypeError: failed to fetch"))).toBe(DEFAULT_ERROR_TEXT);
    expect(errorText(new ApiRequestError(500, null))).toBe(DEFAULT_ERROR_TEXT);
    expect(errorText(new ApiRequestError(500, {}))).toBe(DEFAULT_ERROR_TEXT);
  });

  it("uses a plain string error as it is", () => {
    expect(errorText("Your draft was saved.")).toBe("Your draft was saved.");
    expect(errorText("   ")).toBe(DEFAULT_ERROR_TEXT);
  });

  it("prefers the response's list of errors, joined", () => {
    const error = new ApiRequestError(400, { errors: ["Wallet is invalid", "Amount too low"], message: "ignored" });
    expect(errorText(error)).toBe("Wallet is invalid, Amount too low");
  });

  it("uses the response's message when there is no error list", () => {
    const error = new ApiRequestError(409, { code: "x_duplicate_content", message: "X refused this post." });
    expect(errorText(error)).toBe("X refused this post.");
    expect(errorText(new ApiRequestError(409, { errors: [], message: "Only the message." }))).toBe("Only the message.");
  });

  it("lists the field errors as loc.path: msg, joined by spaces, when that is all there is", () => {
    const error = new ApiRequestError(400, {
      detail: [
        { loc: ["body", "content"], msg: "must not be empty" },
        { loc: ["body", "attachments", 0], msg: "no such image" },
      ],
    });
    expect(errorText(error)).toBe("body.content: must not be empty body.attachments.0: no such image");
  });

  it("reads a response body given directly, or one under response.data", () => {
    expect(errorText({ message: "Direct body" })).toBe("Direct body");
    expect(errorText({ response: { data: { errors: ["From the response"] } } })).toBe("From the response");
    expect(errorText({ response: { _data: { message: "From _data" } } })).toBe("From _data");
  });
});
