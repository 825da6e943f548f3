import { afterEach, beforeEach, expect, vi, type MockInstance } from "vitest";

/**
 * `console.error` during a test is a failure unless the test says it expects one (STYLE.md habit 10).
 * Call `expectConsoleErrors()` in a test that provokes an error on purpose; it returns what was logged.
 */
let consoleError: MockInstance<typeof console.error>;
let expected = false;

beforeEach(() => {
  expected = false;
  consoleError = vi.spyOn(console, "error").mockImplementation(() => undefined);
});

afterEach(() => {
  const calls = consoleError.mock.calls;
  consoleError.mockRestore();
  if (!expected) {
    expect(
      calls.map((args) => args.map(String).join(" ")),
      "unexpected console.error",
    ).toEqual([]);
  }
});

export function expectConsoleErrors(): () => string[] {
  expected = true;
  return () => consoleError.mock.calls.map((args) => args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(" "));
}
