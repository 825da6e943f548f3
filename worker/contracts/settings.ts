import { z } from "zod/mini";
import { personTextChecks } from "./text.ts";
import { notificationEventTypeSchema, type NotificationEventType } from "./notifications.ts";
import { networkSchema } from "./networks/rules.ts";

/**
 * The creator's settings (SPEC.md section 7, `/v1/user/settings…`): basic settings, e-mail change with a mailed code,
 * and two-factor authentication with an authenticator app. Times are UTC milliseconds.
 */

/** X allows display names of up to 50 characters; so do we. */
export const DISPLAY_NAME_MAX_LENGTH = 50;
/** How long a mailed code and its link stay valid. */
export const ONE_TIME_CODE_TTL_MS = 10 * 60_000;
/** At most one new code per minute for the same thing. */
export const ONE_TIME_CODE_RESEND_INTERVAL_MS = 60_000;
/** Wrong codes a mailed code allows before it is locked. */
export const ONE_TIME_CODE_MAX_WRONG_ATTEMPTS = 5;
/** Wrong authenticator codes in a row before two-factor checks are locked. */
export const TWO_FACTOR_MAX_WRONG_ATTEMPTS = 5;
/** How long two-factor checks stay locked after too many wrong codes. */
export const TWO_FACTOR_LOCK_MS = 15 * 60_000;
/** How many recovery codes a two-factor set-up gets. */
export const RECOVERY_CODE_COUNT = 10;

/** The notification kinds in words, for the settings page and the e-mails. */
export const notificationKindLabels: Record<NotificationEventType, string> = {
  welcome: "Welcome",
  "terms-and-conditions": "Terms and conditions",
  "campaign-invited": "Invited to a campaign",
  "campaign-started": "Campaign started",
  "campaign-joined": "Campaign joined",
  "campaign-ending": "Campaign ending soon",
  "campaign-ended": "Campaign ended",
  "campaign-maturity": "Posts matured",
  "posts-eligible": "New eligible posts",
  "posts-rewarded": "Posts rewarded",
  "campaign-eligible": "Payout ready to confirm",
  "campaign-not-eligible": "Posts not eligible",
  "transaction-verifying": "Withdrawal waiting for its code",
  "transaction-pending": "Withdrawal on its way",
  "transaction-cancelled": "Withdrawal cancelled",
  "transaction-failed": "Withdrawal failed",
  "transaction-completed": "Withdrawal completed",
  "ad-hoc-notification": "Announcements",
  "vlayer-badge": "Badges",
  "review-approved": "Held item approved",
  "review-rejected": "Held item rejected",
};

/** "2026-11-23 14:06 UTC": the end of a lock, rounded up to the minute so nobody tries too early. */
export function formatLockTime(until: number): string {
  const rounded = new Date(Math.ceil(until / 60_000) * 60_000).toISOString();
  return `${rounded.slice(0, 10)} ${rounded.slice(11, 16)} UTC`;
}

/** The words of a two-factor lock, the same on the server and in the browser. */
export function twoFactorLockedMessage(until: number): string {
  return `Too many wrong codes. Two-factor checks are locked until ${formatLockTime(until)}; try again then.`;
}

/** Spaces and dashes people type into codes ("123 456") are ignored. */
const withoutSeparators = (value: string) => value.replace(/[\s-]/g, "");

/** A six-digit code, from an e-mail or an authenticator app. */
export const sixDigitCodeSchema = z.pipe(
  z.pipe(z.string({ error: "is required" }), z.transform(withoutSeparators)),
  z.string().check(z.regex(/^\d{6}$/, "must be the 6-digit code")),
);

/** A recovery code as shown: ten letters and digits in two groups (`7kq2m-x9pfa`); case and dashes do not matter. */
export const recoveryCodePattern = /^[23456789abcdefghjkmnpqrstuvwxyz]{10}$/;

export const basicSettingsInputSchema = z.strictObject({
  displayName: z.string({ error: "is required" }).check(...personTextChecks("name", DISPLAY_NAME_MAX_LENGTH, "must not be empty")),
  /** One of `advertisers` in the settings (the advertisers of campaigns the creator joined), or null for none. */
  preferredAdvertiserId: z.nullable(
    z.string({ error: "must be an advertiser id or null" }).check(z.minLength(1, "must not be empty"), z.maxLength(200)),
  ),
  mailedNotificationKinds: z
    .array(notificationEventTypeSchema, { error: "must be a list of notification kinds" })
    .check(z.refine((kinds) => new Set(kinds).size === kinds.length, "must not name a kind twice")),
  /** Shown as "A creator" on the leaderboards other creators see; left as it is when absent. */
  hiddenFromLeaderboards: z.optional(z.boolean({ error: "must be true or false" })),
});
export type BasicSettingsInput = z.infer<typeof basicSettingsInputSchema>;

export const emailChangeInputSchema = z.strictObject({
  email: z.pipe(
    z.string({ error: "is required" }).check(z.trim(), z.maxLength(254, "must be at most 254 characters")),
    z.email("must be an e-mail address such as name@example.com"),
  ),
});

export const codeInputSchema = z.strictObject({ code: sixDigitCodeSchema });

/** Turning two-factor on (set-up) or off (with an authenticator code or a recovery code when it is on). */
export const twoFactorChangeInputSchema = z.discriminatedUnion(
  "enabled",
  [
    z.strictObject({ enabled: z.literal(true) }),
    z.strictObject({
      enabled: z.literal(false),
      code: z.optional(z.string().check(z.trim(), z.minLength(1, "must not be empty"), z.maxLength(40, "must be at most 40 characters"))),
    }),
  ],
  { error: "enabled must be true or false" },
);
export type TwoFactorChangeInput = z.infer<typeof twoFactorChangeInputSchema>;

/** The link of a mailed code (`/verify?token=…`): 32 random bytes in base64url. */
export const linkTokenSchema = z
  .string({ error: "is required" })
  .check(z.regex(/^[A-Za-z0-9_-]{43}$/, "must be the token from the e-mail's link"));
export const emailLinkInputSchema = z.strictObject({ token: linkTokenSchema });

export const pendingEmailSchema = z.object({
  /** The new address the code was sent to. */
  address: z.string(),
  /** When the code and link stop working. */
  expiresAt: z.number().check(z.int()),
  /** When a new code may be requested (at most one a minute). */
  resendAvailableAt: z.number().check(z.int()),
});
export type PendingEmail = z.infer<typeof pendingEmailSchema>;

export const advertiserChoiceSchema = z.object({ id: z.string(), name: z.string() });

/** `GET /v1/user/settings`, and the answer of the calls that change them. */
export const userSettingsSchema = z.object({
  /** What Chorus shows as the creator's name. */
  displayName: z.string(),
  /** The name on X (used when the creator has not chosen one). */
  xName: z.string(),
  twitterHandle: z.string(),
  preferredAdvertiserId: z.nullable(z.string()),
  preferredAdvertiserName: z.string(),
  /** The advertisers the creator may prefer: those of the campaigns they joined, by name. */
  advertisers: z.array(advertiserChoiceSchema),
  /** Notification kinds also sent to the verified e-mail address. */
  mailedNotificationKinds: z.array(notificationEventTypeSchema),
  /** Shown as "A creator" on public leaderboards (docs/decisions/046-leaderboards.md). */
  hiddenFromLeaderboards: z.boolean(),
  email: z.string(),
  verifiedEmail: z.string(),
  /** An e-mail change waiting for its code, or null. */
  pendingEmail: z.nullable(pendingEmailSchema),
  /** The accounts on networks Chorus signs the creator in with and publishes to, one per network. */
  linkedAccounts: z.array(z.object({ network: networkSchema, handle: z.string() })),
  twoFactor: z.object({
    /** On, or being set up. */
    enabled: z.boolean(),
    /** On: confirmed with a code from the authenticator app. */
    verified: z.boolean(),
    /** Checks are refused until then after too many wrong codes; null when not locked. */
    lockedUntil: z.nullable(z.number().check(z.int())),
    /** Recovery codes not yet used. */
    recoveryCodesLeft: z.number().check(z.int()),
  }),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** `PUT /v1/user/settings/email`: the code went to the new address. */
export const emailChangeRequestedSchema = z.object({ pendingEmail: pendingEmailSchema });
export type EmailChangeRequested = z.infer<typeof emailChangeRequestedSchema>;

/** `POST /v1/user/settings/email/verify-link`: what opening the e-mail's link did, in words the page can say. */
export const emailLinkOutcomeSchema = z.object({
  outcome: z.enum(["confirmed", "expired", "used", "locked", "unknown"]),
  /** The address confirmed (only for "confirmed"). */
  email: z.nullable(z.string()),
});
export type EmailLinkOutcome = z.infer<typeof emailLinkOutcomeSchema>;

/** `PUT /v1/user/settings/two-factor` with `enabled: true`: what the authenticator app needs. */
export const twoFactorSetupSchema = z.object({
  /** The shared secret in base32, for typing into the app. */
  secret: z.string(),
  /** The `otpauth://totp/…` URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCodeDataUrl: z.string(),
  settings: userSettingsSchema,
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetupSchema>;

/** `POST /v1/user/settings/two-factor/approve`: two-factor is on; the recovery codes are shown this once. */
export const twoFactorApprovedSchema = z.object({ recoveryCodes: z.array(z.string()), settings: userSettingsSchema });
export type TwoFactorApproved = z.infer<typeof twoFactorApprovedSchema>;
