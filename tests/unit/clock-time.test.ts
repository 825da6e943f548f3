import { describe, expect, it } from "vitest";
import { formatClockTime } from "~/features/wallets/clock-time";

describe("formatClockTime", () => {
  it("writes the local time of day as Intl's English two-digit hour and minute do", () => {
    expect(formatClockTime(new Date(2026, 10, 4, 15, 45).getTime())).toBe("03:45 PM");
    expect(formatClockTime(new Date(2026, 10, 4, 0, 5).getTime())).toBe("12:05 AM");
    expect(formatClockTime(new Date(2026, 10, 4, 12, 0).getTime())).toBe("12:00 PM");
    expect(formatClockTime(new Date(2026, 10, 4, 9, 30).getTime())).toBe("09:30 AM");
  });
});
