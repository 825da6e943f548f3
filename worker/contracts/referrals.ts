import { z } from "zod/mini";

/**
 * Referral links (docs/decisions/043-referral-links.md): a creator's short link per campaign, `/r/{code}`, and its
 * settings. The browser loads this module, so the click a visit records (checked with arktype, whose compiled
 * validators the page policy would refuse) lives in ./click-record.ts.
 */

/** 12 hex digits, as migration 0050 draws them. */
export const REFERRAL_CODE = /^[0-9a-f]{12}$/;
/**
 * `clk_` and 90 base64url characters: the click itself and its HMAC (worker/domain/referrals/click-ids.ts), so a click
 * id cannot be made up to claim a conversion.
 */
export const CLICK_ID = /^clk_[A-Za-z0-9_-]{90}$/;
export const DEFAULT_CLICK_ID_PARAM = "chorus_click_id";
export const DEFAULT_ATTRIBUTION_WINDOW_DAYS = 30;

/** The creator's link for a campaign, with the clicks it brought (from the daily counts). */
export const referralLinkSchema = z.object({
  campaignId: z.string(),
  code: z.string(),
  url: z.string(),
  clicks: z.number().check(z.int()),
  /** Where visitors land: null while the advertiser has not set one (the link then opens the campaign's page). */
  destinationUrl: z.nullable(z.string()),
  attributionWindowDays: z.number().check(z.int()),
});
export type ReferralLink = z.infer<typeof referralLinkSchema>;

const MAX_DESTINATION_CHARS = 2000;

/** A destination an advertiser may send visitors to: an absolute http(s) address. */
function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** What the console sends for a campaign's referral links (`PUT /v1/advertiser/{id}/campaigns/{campaignId}/referrals`). */
export const referralSettingsInputSchema = z.object({
  destinationUrl: z.nullable(
    z
      .string()
      .check(
        z.maxLength(MAX_DESTINATION_CHARS, `must be at most ${MAX_DESTINATION_CHARS} characters`),
        z.refine(isWebAddress, "must be a web address starting with https://"),
      ),
  ),
  clickIdParam: z._default(
    z.string().check(z.regex(/^[A-Za-z0-9_.-]{1,64}$/, "must be 1 to 64 letters, digits, dots, dashes or underscores")),
    DEFAULT_CLICK_ID_PARAM,
  ),
  attributionWindowDays: z._default(
    z
      .number({ error: "must be a number of days" })
      .check(z.int("must be whole days"), z.gte(1, "must be at least 1 day"), z.lte(90, "must be at most 90 days")),
    DEFAULT_ATTRIBUTION_WINDOW_DAYS,
  ),
});
export type ReferralSettingsInput = z.input<typeof referralSettingsInputSchema>;
export type ParsedReferralSettings = z.infer<typeof referralSettingsInputSchema>;

/** A campaign's referral settings as the console shows them, with the clicks and links so far. */
export const referralSettingsSchema = z.object({
  campaignId: z.string(),
  destinationUrl: z.nullable(z.string()),
  clickIdParam: z.string(),
  attributionWindowDays: z.number().check(z.int()),
  /** Creators with a link (everyone who joined). */
  links: z.number().check(z.int()),
  clicks: z.number().check(z.int()),
});
export type ReferralSettings = z.infer<typeof referralSettingsSchema>;
