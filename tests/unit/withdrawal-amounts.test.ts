import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatUnits, parseDecimalAmount, withdrawalRequestSchema, withdrawalVerifySchema } from "../../worker/contracts/withdrawals.ts";
import { minimumWithdrawalOf } from "../../worker/contracts/withdrawal-rules.ts";

describe("amounts typed by a person", () => {
  it("turns decimal text into integers of the smallest unit without floating point", () => {
    expect(parseDecimalAmount("12.34", "USDC")).toEqual({ ok: true, amount: 12_340_000 });
    expect(parseDecimalAmount("0.1", "USDC")).toEqual({ ok: true, amount: 100_000 });
    expect(parseDecimalAmount("0.000001", "USDC")).toEqual({ ok: true, amount: 1 });
    expect(parseDecimalAmount(" 1,234.5 ", "USDC")).toEqual({ ok: true, amount: 1_234_500_000 });
    expect(parseDecimalAmount(".5", "EUR")).toEqual({ ok: true, amount: 50 });
    expect(parseDecimalAmount("7.", "EUR")).toEqual({ ok: true, amount: 700 });
    // 0.29 * 100 is 28.999999999999996 in floating point; the text path never goes there.
    expect(parseDecimalAmount("0.29", "EUR")).toEqual({ ok: true, amount: 29 });
    expect(parseDecimalAmount("1.005", "USD")).toEqual({ ok: false, message: "USD has at most 2 decimal places." });
  });

  it("refuses what is not an amount, in words", () => {
    for (const text of ["", "  ", ".", "abc", "1e6", "-3", "+3", "1.2.3", "0x10"]) {
      expect(parseDecimalAmount(text, "USDC").ok, text).toBe(false);
    }
    expect(parseDecimalAmount("0", "USDC")).toEqual({ ok: false, message: "Enter an amount above zero." });
    expect(parseDecimalAmount("9007199254.740992", "USDC")).toEqual({ ok: false, message: "That amount is too large." });
  });

  it("formats and parses back every amount exactly", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), fc.constantFrom("USDC", "EUR", "USD"), (amount, currency) => {
        expect(parseDecimalAmount(formatUnits(amount, currency), currency)).toEqual({ ok: true, amount });
      }),
    );
    expect(formatUnits(12_500_000, "USDC")).toBe("12.5");
    expect(formatUnits(3_000_000, "USDC")).toBe("3");
    expect(formatUnits(5, "EUR")).toBe("0.05");
  });
});

describe("withdrawal request rules", () => {
  const walletId = "wal_00000000-0000-4000-8000-000000000000";

  it("asks for at least one whole unit of the currency", () => {
    expect(minimumWithdrawalOf("USDC")).toBe(1_000_000);
    expect(minimumWithdrawalOf("EUR")).toBe(100);
    const below = withdrawalRequestSchema.safeParse({ walletId, amount: 999_999, currency: "usdc" });
    expect(below.success).toBe(false);
    expect(below.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["amount", "must be at least 1 USDC (1000000 in the smallest unit)"],
    ]);
    expect(withdrawalRequestSchema.parse({ walletId, amount: 1_000_000, currency: "usdc" })).toEqual({
      walletId,
      amount: 1_000_000,
      currency: "USDC",
    });
  });

  it("takes codes with spaces or dashes as typed", () => {
    expect(withdrawalVerifySchema.parse({ code: " 123 456 " })).toEqual({ code: "123456" });
    expect(withdrawalVerifySchema.parse({ code: "123-456" })).toEqual({ code: "123456" });
    expect(withdrawalVerifySchema.safeParse({ code: "12" }).success).toBe(false);
  });
});
