import { describe, expect, it } from "vitest";
import { disclosureSchema, startsWithDisclosure, withDisclosure } from "../../worker/contracts/disclosure.ts";
import { estimateApiCost, formatMicroDollars } from "../../worker/contracts/networks/api-costs.ts";
import { xPublishedRates } from "../../worker/contracts/networks/x/api-costs.ts";

describe("the disclosure at the start of a post", () => {
  it("is there when the post opens with it as a word of its own, case and leading spaces aside", () => {
    expect(startsWithDisclosure("#ad Loving it", "#ad")).toBe(true);
    expect(startsWithDisclosure("  #AD Loving it", "#ad")).toBe(true);
    expect(startsWithDisclosure("#ad", "#ad")).toBe(true);
    expect(startsWithDisclosure("#ad: loving it", "#ad")).toBe(true);
    expect(startsWithDisclosure("#adventure time", "#ad")).toBe(false);
    expect(startsWithDisclosure("Loving it #ad", "#ad")).toBe(false);
    expect(startsWithDisclosure("Ad: loving it", "Ad:")).toBe(true);
  });

  it("is put first by the editor, once", () => {
    expect(withDisclosure("", "#ad")).toBe("#ad ");
    expect(withDisclosure("  Loving it", "#ad")).toBe("#ad Loving it");
    expect(withDisclosure("#ad Loving it", "#ad")).toBe("#ad Loving it");
    expect(withDisclosure("Loving it", "#sponsored")).toBe("#sponsored Loving it");
  });

  it("must say plainly that it is an ad", () => {
    for (const good of ["#ad", "Ad:", "#sponsored", "Advertisement", "#PaidPartnership", "Paid partnership with Aurora"]) {
      expect(disclosureSchema.safeParse(good).success, good).toBe(true);
    }
    for (const vague of ["#sp", "#spon", "#collab", "x", "#adventure"])
      expect(disclosureSchema.safeParse(vague).success, vague).toBe(false);
  });
});

describe("the X API cost estimate (micro-dollars)", () => {
  it("counts creating each post and its ten reads, and one own-data read per creator, at X's rates of 2026-04-20", () => {
    expect(estimateApiCost(xPublishedRates, { posts: 200, creators: 50, postsCarryUrl: false })).toEqual({
      posts: 200,
      creators: 50,
      perPostMicros: 65_000,
      perCreatorMicros: 1_000,
      totalMicros: 13_050_000,
    });
    expect(estimateApiCost(xPublishedRates, { posts: 200, creators: 50, postsCarryUrl: true }).totalMicros).toBe(50_050_000);
    expect(formatMicroDollars(13_050_000)).toBe("$13.05");
    expect(formatMicroDollars(15_000)).toBe("$0.015");
    expect(formatMicroDollars(200_000)).toBe("$0.20");
    expect(formatMicroDollars(1_000)).toBe("$0.001");
    // As toLocaleString("en-US") with two to three decimals wrote them: grouped, a third decimal only when it is not 0.
    expect(formatMicroDollars(1_234_567_890)).toBe("$1,234.568");
    expect(formatMicroDollars(10_001)).toBe("$0.01");
    expect(formatMicroDollars(10_500)).toBe("$0.011");
    expect(formatMicroDollars(0)).toBe("$0.00");
  });
});
