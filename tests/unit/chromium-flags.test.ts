import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { headlessChromiumFlags, headlessChromiumFlagsAfter, playwrightDisabledFeatures } from "../../e2e/chromium.ts";

const disabledFeatures = (flags: readonly string[]) => {
  const switches = flags.filter((flag) => flag.startsWith("--disable-features="));
  return switches.flatMap((flag) => flag.slice("--disable-features=".length).split(","));
};

describe("the Chromium the tests and benchmarks start", () => {
  it("has one --disable-features: Chromium keeps only the last", () => {
    expect(headlessChromiumFlags.filter((flag) => flag.startsWith("--disable-features="))).toHaveLength(1);
  });

  it("runs without the address bar's popup page, which no phone runs", () => {
    expect(disabledFeatures(headlessChromiumFlags)).toEqual(
      expect.arrayContaining(["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"]),
    );
  });

  it("still disables every feature Playwright disables (its list, read from the installed playwright-core)", () => {
    const playwrightCore = dirname(createRequire(import.meta.url).resolve("playwright-core/package.json"));
    const bundle = readFileSync(join(playwrightCore, "lib/coreBundle.js"), "utf8");
    const list = /disabledFeatures = \[([\s\S]*?)\]\.filter/.exec(bundle)?.[1];
    expect(list).toBeDefined();
    const playwrightOwn = [...(list ?? "").matchAll(/^\s*"([A-Za-z0-9]+)",?$/gm)].map((match) => match[1]);
    expect(playwrightOwn.length).toBeGreaterThan(10);
    expect(playwrightDisabledFeatures).toEqual(expect.arrayContaining(playwrightOwn));
    expect(disabledFeatures(headlessChromiumFlags)).toEqual(expect.arrayContaining(playwrightOwn));
  });

  it("keeps a launcher's own disabled features when its defaults come first", () => {
    const flags = headlessChromiumFlagsAfter(["--disable-extensions", "--disable-features=Translate,MediaRouter"]);
    expect(disabledFeatures(flags)).toEqual([
      "Translate",
      "MediaRouter",
      "WebUIOmniboxPopup",
      "WebUIOmniboxFullPopup",
      "WebUIOmniboxAimPopup",
    ]);
  });
});
