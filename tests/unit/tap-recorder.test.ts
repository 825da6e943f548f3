import { describe, expect, it } from "vitest";
import { tapRecorderScript } from "../../app/lib/interactive/tap-recorder.ts";

// What the script does is tested in a browser (e2e/taps-before-interactive.mobile.spec.ts); here, what it costs.
describe("the head's tap recorder", () => {
  it("is a script a browser parses", () => {
    expect(() => new Function(tapRecorderScript)).not.toThrow();
  });

  it("stays small: it runs before any module, on every page", () => {
    expect(new TextEncoder().encode(tapRecorderScript).length).toBeLessThanOrEqual(600);
  });
});
