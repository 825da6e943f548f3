import { describe, expect, it } from "vitest";
import { adHocIdempotencyKeySchema, adHocNotificationInputSchema } from "../../worker/contracts/admin.ts";

/* What an admin may put in an ad-hoc notification (POST /v1/admin/notifications), before anything is sent. */

const base = { title: "Maintenance tonight", audience: { kind: "all-creators" } };

function linkError(link: string): string | undefined {
  const result = adHocNotificationInputSchema.safeParse({ ...base, link });
  return result.success ? undefined : result.error.issues.find((issue) => issue.path[0] === "link")?.message;
}

describe("the ad-hoc notification's link", () => {
  it("takes a path of the app or an https address, and an empty one as no link", () => {
    for (const link of ["/campaigns", "/campaign/abc?tab=rules", "https://aurora.example/launch"])
      expect(linkError(link), link).toBeUndefined();
    expect(adHocNotificationInputSchema.parse({ ...base, link: "  " }).link).toBeNull();
    expect(adHocNotificationInputSchema.parse(base)).toEqual({ ...base, message: "", link: null });
  });

  it("refuses anything the sidebar could not open safely", () => {
    for (const link of [
      "http://aurora.example",
      "//evil.example/x",
      "/\\evil.example",
      "javascript:alert(1)",
      "campaigns",
      "mailto:a@b.c",
    ]) {
      expect(linkError(link), link).toBe("must be a path of this app (starting with /) or an https:// address");
    }
  });
});

describe("the ad-hoc notification's text and audience", () => {
  it("trims the title and message and holds them to 120 and 1,000 characters", () => {
    expect(adHocNotificationInputSchema.parse({ ...base, title: "  Hi  ", message: " there " })).toMatchObject({
      title: "Hi",
      message: "there",
    });
    const tooLong = adHocNotificationInputSchema.safeParse({ ...base, title: "t".repeat(121), message: "m".repeat(1001) });
    expect(tooLong.success ? [] : tooLong.error.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["title", "must be at most 120 characters"],
      ["message", "must be at most 1000 characters"],
    ]);
    expect(adHocNotificationInputSchema.safeParse({ ...base, title: "   " }).success).toBe(false);
  });

  it("needs a campaign for the creators of one campaign", () => {
    const missing = adHocNotificationInputSchema.safeParse({ ...base, audience: { kind: "campaign" } });
    expect(missing.success ? [] : missing.error.issues.map((issue) => issue.path.join("."))).toEqual(["audience.campaignId"]);
    expect(adHocNotificationInputSchema.safeParse({ ...base, audience: { kind: "everyone" } }).success).toBe(false);
  });
});

describe("the Idempotency-Key", () => {
  it("is a UUID-like token without the separator of the dedupe keys", () => {
    expect(adHocIdempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
    for (const key of [undefined, "", "short", "has:colon:inside", "x".repeat(129)])
      expect(adHocIdempotencyKeySchema.safeParse(key).success, String(key)).toBe(false);
  });
});
