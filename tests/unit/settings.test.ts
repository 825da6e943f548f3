import { describe, expect, it } from "vitest";
import { recoveryCodesText } from "~/features/settings/recovery-codes";
import { outcomeWords } from "~/features/settings/link-outcomes";
import { errorCodeOf, retryAfterSecondsOf } from "~/lib/api/api-errors";
import { secondsLeft } from "~/lib/use-now";
import { ApiRequestError } from "~/lib/api/http-client";
import { AppError } from "../../worker/contracts/errors.ts";
import {
  basicSettingsInputSchema,
  emailLinkOutcomeSchema,
  formatLockTime,
  sixDigitCodeSchema,
  twoFactorChangeInputSchema,
  twoFactorLockedMessage,
} from "../../worker/contracts/settings.ts";
import { codesIn, linksIn } from "../../emulators/mail/extract.ts";
import { emailChangeMessage } from "../../worker/domain/accounts/email-change.ts";
import { randomSixDigitCode, secondsUntil } from "../../worker/domain/accounts/one-time-codes.ts";
import {
  hashRecoveryCode,
  newRecoveryCodes,
  normalizeRecoveryCode,
  randomRecoveryCode,
} from "../../worker/domain/accounts/recovery-codes.ts";
import { matchingStep, qrCodeDataUrl, totpFor } from "../../worker/domain/accounts/two-factor.ts";
import { notificationMail } from "../../worker/domain/notifications/mail-delivery.ts";

/** RFC 6238 appendix B's SHA-1 secret, "12345678901234567890", in base32. */
const RFC_SECRET = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ";

describe("six-digit codes", () => {
  it("are drawn without modulo bias: values past the last whole million are drawn again", () => {
    const draws = [4_294_000_000, 4_293_999_999, 42];
    const random = (into: Uint32Array<ArrayBuffer>) => {
      into[0] = draws.shift() ?? 0;
      return into;
    };
    // 4,294,000,000 and above are refused (the largest multiple of a million under 2^32 is 4,294,000,000).
    expect(randomSixDigitCode(random)).toBe("999999");
    expect(randomSixDigitCode(random)).toBe("000042");
  });

  it("are six digits from the platform's random source", () => {
    for (let index = 0; index < 200; index += 1) expect(randomSixDigitCode()).toMatch(/^\d{6}$/);
  });

  it("say the wait in whole seconds, at least one", () => {
    expect(secondsUntil(1_000 + 59_001, 1_000)).toBe(60);
    expect(secondsUntil(1_000, 1_000)).toBe(1);
    expect(secondsUntil(0, 1_000)).toBe(1);
  });
});

describe("recovery codes", () => {
  it("are ten characters without look-alikes, shown in two groups, all different", () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[23456789abcdefghjkmnpqrstuvwxyz]{5}-[23456789abcdefghjkmnpqrstuvwxyz]{5}$/);
  });

  it("draw again bytes that would favour some letters", () => {
    const bytes = [255, 248, ...Array.from({ length: 40 }, (_, index) => index)];
    const random = (into: Uint8Array<ArrayBuffer>) => {
      for (let index = 0; index < into.length; index += 1) into[index] = bytes.shift() ?? 0;
      return into;
    };
    expect(randomRecoveryCode(random)).toBe("23456-789ab");
  });

  it("are compared without case, spaces or dashes, and anything else is not one", async () => {
    expect(normalizeRecoveryCode(" 7KQ2M-X9PFA ")).toBe("7kq2mx9pfa");
    expect(normalizeRecoveryCode("7kq2m x9pfa")).toBe("7kq2mx9pfa");
    expect(normalizeRecoveryCode("7kq2m-x9pf0")).toBeNull();
    expect(normalizeRecoveryCode("123456")).toBeNull();
    expect(await hashRecoveryCode("user-a", "7KQ2M-X9PFA")).toBe(await hashRecoveryCode("user-a", "7kq2mx9pfa"));
    expect(await hashRecoveryCode("user-a", "7kq2mx9pfa")).not.toBe(await hashRecoveryCode("user-b", "7kq2mx9pfa"));
  });

  it("download as a text file that says what they are for", () => {
    expect(recoveryCodesText(["aaaaa-bbbbb", "ccccc-ddddd"], "ada")).toBe(
      "Chorus recovery codes for @ada\n\nEach code works once, instead of a code from your authenticator app, to turn two-factor authentication off.\nKeep them somewhere safe.\n\naaaaa-bbbbb\nccccc-ddddd\n",
    );
  });
});

describe("TOTP (RFC 6238)", () => {
  it("matches the RFC's SHA-1 test vectors (their last six digits) to their time step", () => {
    expect(matchingStep(RFC_SECRET, "287082", 59_000)).toBe(1);
    expect(matchingStep(RFC_SECRET, "081804", 1_111_111_109_000)).toBe(37_037_036);
    expect(matchingStep(RFC_SECRET, "050471", 1_111_111_111_000)).toBe(37_037_037);
    expect(matchingStep(RFC_SECRET, "005924", 1_234_567_890_000)).toBe(41_152_263);
  });

  it("accepts one step either side of now, not two", () => {
    expect(matchingStep(RFC_SECRET, "287082", 89_000)).toBe(1);
    expect(matchingStep(RFC_SECRET, "287082", 29_000)).toBe(1);
    expect(matchingStep(RFC_SECRET, "287082", 90_000)).toBeNull();
  });

  it("refuses what is not six digits", () => {
    expect(matchingStep(RFC_SECRET, "28708", 59_000)).toBeNull();
    expect(matchingStep(RFC_SECRET, "2870820", 59_000)).toBeNull();
    expect(matchingStep(RFC_SECRET, "abcdef", 59_000)).toBeNull();
  });

  it("gives authenticator apps an otpauth URI with Chorus as issuer and the handle as label, and its QR code as SVG", () => {
    expect(totpFor(RFC_SECRET, "ada_creates").toString()).toBe(
      `otpauth://totp/Chorus:ada_creates?issuer=Chorus&secret=${RFC_SECRET}&algorithm=SHA1&digits=6&period=30`,
    );
    const dataUrl = qrCodeDataUrl("otpauth://totp/Chorus:ada?secret=ABC");
    expect(dataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(dataUrl.slice(dataUrl.indexOf(",") + 1))).toMatch(/^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it("says until when checks are locked, in UTC, rounded up to the minute", () => {
    expect(formatLockTime(Date.UTC(2026, 10, 23, 14, 15, 30))).toBe("2026-11-23 14:16 UTC");
    expect(formatLockTime(Date.UTC(2026, 10, 23, 14, 15, 0))).toBe("2026-11-23 14:15 UTC");
    expect(formatLockTime(Date.UTC(2026, 11, 31, 23, 59, 1))).toBe("2027-01-01 00:00 UTC");
    expect(twoFactorLockedMessage(Date.UTC(2026, 10, 23, 14, 15, 30))).toBe(
      "Too many wrong codes. Two-factor checks are locked until 2026-11-23 14:16 UTC; try again then.",
    );
  });
});

describe("the e-mails", () => {
  it("an e-mail change carries exactly one code and the /verify link, in text and in escaped HTML", () => {
    const link = "https://app.example.com/verify?token=abc123456def_-0123456789012345678901234567";
    const message = emailChangeMessage({
      name: "Ada <script>",
      email: "ada@example.com",
      code: "042917",
      link,
      expiresAt: Date.UTC(2026, 10, 23, 14, 5),
    });
    expect(message.subject).toBe("Confirm your new e-mail address for Chorus");
    expect(codesIn(message.text)).toEqual(["042917"]);
    expect(linksIn(message.text)).toEqual([link]);
    expect(message.text).toContain("until 14:05 UTC");
    expect(message.html).toContain("Ada &lt;script&gt;");
    expect(message.html).not.toContain("<script>");
    expect(message.html).toContain(`href="${link}"`);
  });

  it("a mailed notification links into the app and says why it was sent; unsafe links are left out", () => {
    const mail = notificationMail(
      { eventType: "transaction-completed", title: "Paid <out>", body: "12 USDC & more", link: "/profile#withdrawals" },
      { name: "Ada" },
      "https://app.example.com",
    );
    expect(mail.subject).toBe("Paid <out>");
    expect(linksIn(mail.text)).toEqual(["https://app.example.com/profile#withdrawals", "https://app.example.com/profile/settings"]);
    expect(mail.text).toContain('asked for "Withdrawal completed" notifications');
    expect(mail.html).toContain("<strong>Paid &lt;out&gt;</strong>");
    expect(mail.html).toContain("12 USDC &amp; more");

    const unsafe = notificationMail(
      { eventType: "ad-hoc-notification", title: "Hello", body: "", link: "javascript:alert(1)" },
      { name: "Ada" },
      "https://app.example.com",
    );
    expect(unsafe.text).not.toContain("javascript");
    expect(unsafe.html).not.toContain("javascript");
  });
});

describe("the settings contracts", () => {
  it("read codes with spaces or dashes as six digits", () => {
    expect(sixDigitCodeSchema.parse("123 456")).toBe("123456");
    expect(sixDigitCodeSchema.parse("123-456")).toBe("123456");
    expect(sixDigitCodeSchema.safeParse("12345").success).toBe(false);
    expect(sixDigitCodeSchema.safeParse(undefined).error?.issues[0]?.message).toBe("is required");
  });

  it("name the field at fault in basic settings", () => {
    const paths = (input: unknown) => basicSettingsInputSchema.safeParse(input).error?.issues.map((issue) => issue.path.join("."));
    expect(paths({ displayName: "", preferredAdvertiserId: null, mailedNotificationKinds: [] })).toEqual(["displayName"]);
    expect(
      paths({ displayName: "Ada", preferredAdvertiserId: null, mailedNotificationKinds: ["campaign-joined", "campaign-joined"] }),
    ).toEqual(["mailedNotificationKinds"]);
    expect(paths({ displayName: "Ada", preferredAdvertiserId: null, mailedNotificationKinds: [], extra: 1 })).toEqual([""]);
    expect(
      basicSettingsInputSchema.parse({ displayName: "  Ada  ", preferredAdvertiserId: null, mailedNotificationKinds: [] }).displayName,
    ).toBe("Ada");
  });

  it("turn two-factor on without a code and off with one", () => {
    expect(twoFactorChangeInputSchema.parse({ enabled: true })).toEqual({ enabled: true });
    expect(twoFactorChangeInputSchema.parse({ enabled: false, code: " 123456 " })).toEqual({ enabled: false, code: "123456" });
    expect(twoFactorChangeInputSchema.safeParse({ enabled: "yes" }).success).toBe(false);
    expect(twoFactorChangeInputSchema.safeParse({ enabled: true, code: "123456" }).success).toBe(false);
  });

  it("the /verify page has words for every outcome of a link", () => {
    for (const outcome of emailLinkOutcomeSchema.shape.outcome.options) {
      expect(outcomeWords[outcome].title.length).toBeGreaterThan(0);
      expect(outcomeWords[outcome].text("ada@example.com").length).toBeGreaterThan(20);
    }
    expect(outcomeWords.confirmed.text("ada@example.com")).toBe("Done: ada@example.com is now your e-mail address on Chorus.");
  });
});

describe("the settings forms' reading of errors and time", () => {
  it("reads when to retry from the error body, as AppError writes it", () => {
    const body = new AppError(429, "code_recently_sent", "Please wait 42 seconds.", undefined, { retryAfterSeconds: 41.2 }).toBody();
    expect(body).toEqual({ status: 429, code: "code_recently_sent", message: "Please wait 42 seconds.", retryAfterSeconds: 42 });
    const error = new ApiRequestError(429, body);
    expect(retryAfterSecondsOf(error)).toBe(42);
    expect(errorCodeOf(error)).toBe("code_recently_sent");
    expect(retryAfterSecondsOf(new Error("x"))).toBeNull();
  });

  it("counts down in whole seconds", () => {
    expect(secondsLeft(10_500, 10_000)).toBe(1);
    expect(secondsLeft(70_000, 10_000)).toBe(60);
    expect(secondsLeft(5_000, 10_000)).toBe(0);
    expect(secondsLeft(null, 10_000)).toBe(0);
  });
});
