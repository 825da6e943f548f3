import { describe, expect, it } from "vitest";
import { formatAmount, formatCount, formatDate, formatList, formatPercent, formatRelative } from "~/lib/format";

describe("formatPercent", () => {
  it("shows one decimal place", () => {
    expect(formatPercent(0.5)).toBe("50.0%");
    expect(formatPercent(0.1234)).toBe("12.3%");
    expect(formatPercent(0)).toBe("0.0%");
  });

  it("drops the decimal at exactly 100", () => {
    expect(formatPercent(1)).toBe("100%");
    expect(formatPercent(0.9999)).toBe("100.0%");
  });
});

describe("formatAmount", () => {
  it("shows integer smallest units in whole currency with grouping", () => {
    expect(formatAmount(500_000_000, "USDC")).toBe("500.00 USDC");
    expect(formatAmount(1_234_567_890, "USDC")).toBe("1,234.56 USDC");
    expect(formatAmount(1999, "USD")).toBe("19.99 USD");
    expect(formatAmount(-250, "EUR")).toBe("-2.50 EUR");
  });

  it("refuses amounts that are not integers", () => {
    expect(() => formatAmount(1.5, "USD")).toThrow(RangeError);
  });
});

describe("formatRelative", () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it("describes future and past moments from the given now", () => {
    expect(formatRelative(now + 3 * 86_400_000, now)).toBe("in 3 days");
    expect(formatRelative(now - 2 * 3_600_000, now)).toBe("2 hours ago");
    expect(formatRelative(now + 1000, now)).toBe("in less than a minute");
  });

  it("words them as Intl's English does with numeric: auto", () => {
    expect(formatRelative(now + 86_400_000, now)).toBe("tomorrow");
    expect(formatRelative(now - 86_400_000, now)).toBe("yesterday");
    expect(formatRelative(now + 3_600_000, now)).toBe("in 1 hour");
    expect(formatRelative(now - 60_000, now)).toBe("1 minute ago");
    expect(formatRelative(now - 120_000, now)).toBe("2 minutes ago");
    expect(formatRelative(now + 1_234 * 86_400_000, now)).toBe("in 1,234 days");
    expect(formatRelative(now - 2_000, now)).toBe("just now");
  });
});

describe("formatDate", () => {
  it("writes the UTC day as Intl's English medium date does", () => {
    expect(formatDate(Date.UTC(2026, 10, 4))).toBe("Nov 4, 2026");
    expect(formatDate(Date.UTC(2026, 8, 30, 23, 59))).toBe("Sep 30, 2026");
    expect(formatDate(Date.UTC(1999, 0, 1))).toBe("Jan 1, 1999");
  });
});

describe("formatList", () => {
  it("joins names as Intl's English list format does", () => {
    expect(formatList([])).toBe("");
    expect(formatList(["X"])).toBe("X");
    expect(formatList(["X", "Bluesky"])).toBe("X and Bluesky");
    expect(formatList(["X", "Bluesky", "Threads"])).toBe("X, Bluesky, and Threads");
  });
});

describe("formatCount", () => {
  it("groups a whole number's digits as toLocaleString's English does", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1_000)).toBe("1,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(-12_345)).toBe("-12,345");
  });
});
