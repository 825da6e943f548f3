import { describe, expect, it } from "vitest";
import { isIgnoredException, mentionsExtension } from "~/lib/telemetry/ignored-exceptions";

/** An exception item as the SDK hands it to a telemetry initializer (before it is serialized). */
function exceptionItem(detail: { message?: string; stack?: string; fileName?: string }, data: Record<string, unknown> = {}) {
  return {
    baseType: "ExceptionData",
    baseData: {
      exceptions: [
        {
          typeName: "Error",
          message: detail.message ?? "Something broke",
          stack: detail.stack ?? "Error: Something broke\n    at render (https://chorus.example/assets/app-1.js:1:10)",
          parsedStack: [{ level: 0, method: "render", fileName: detail.fileName ?? "https://chorus.example/assets/app-1.js", line: 1 }],
        },
      ],
      properties: {},
    },
    data,
  };
}

describe("the telemetry filter of exceptions", () => {
  it("keeps the app's own exceptions and everything that is not an exception", () => {
    expect(isIgnoredException(exceptionItem({}))).toBe(false);
    expect(isIgnoredException({ baseType: "PageviewData", baseData: { name: "chrome-extension://abc/page" } })).toBe(false);
    expect(isIgnoredException({ baseType: "RemoteDependencyData", baseData: {} })).toBe(false);
  });

  it.each([
    ["a Chrome extension's stack", { stack: "TypeError: x\n    at inject (chrome-extension://abcdefgh/content.js:3:7)" }],
    ["a Firefox extension's file", { fileName: "moz-extension://1234-5678/inject.js" }],
    ["a Safari extension's stack", { stack: "inject@safari-extension://com.example.blocker/script.js:1:1" }],
    ["a Safari web extension's file", { fileName: "safari-web-extension://ABCD/content.js" }],
  ])("drops %s", (_, detail) => {
    expect(isIgnoredException(exceptionItem(detail))).toBe(true);
  });

  it("drops what window.onerror reports from an extension's script, and reports flagged as from an extension", () => {
    expect(isIgnoredException(exceptionItem({}, { errorSrc: "window.onerror@chrome-extension://abc/content.js:1:1" }))).toBe(true);
    expect(isIgnoredException(exceptionItem({}, { url: "moz-extension://abc/inject.js" }))).toBe(true);
    expect(isIgnoredException(exceptionItem({}, { fromExtension: true }))).toBe(true);
    expect(isIgnoredException(exceptionItem({}, { fromExtension: false }))).toBe(false);
  });

  it('drops "Couldn\'t resolve component" wherever it is in the message', () => {
    expect(isIgnoredException(exceptionItem({ message: 'Error: Couldn\'t resolve component "default" at "/campaigns"' }))).toBe(true);
    expect(isIgnoredException(exceptionItem({ message: "Could not resolve the campaign" }))).toBe(false);
  });

  it("names extension URLs only by their scheme, not by the word", () => {
    expect(mentionsExtension("at https://chorus.example/chrome-extension-guide.js:1:1")).toBe(false);
    expect(mentionsExtension(undefined, null, "")).toBe(false);
    expect(mentionsExtension("at x (CHROME-EXTENSION://abc/a.js:1:1)")).toBe(true);
  });
});
