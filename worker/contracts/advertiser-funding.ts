import { z } from "zod/mini";
import { currencyDecimals } from "./currencies.ts";
import { formatUnits } from "./withdrawals.ts";

/**
 * An advertiser account's money (docs/decisions/020-funding-and-invitations.md): deposits through the deposit rail
 * (`POST /v1/advertiser/{advertiserId}/deposits`), the account's available funding per currency
 * (`GET …/funds`) and funding a campaign's pools from it (`POST …/campaigns/{campaignId}/fund`). Amounts are integers
 * of the currency's smallest unit; times UTC milliseconds.
 */

export const fundingCurrencies = Object.keys(currencyDecimals);

export const depositInputSchema = z.object({
  amount: z
    .number({ error: "is required: an integer in the currency's smallest unit" })
    .check(
      z.int("must be an integer in the currency's smallest unit"),
      z.positive("must be more than zero"),
      z.lte(Number.MAX_SAFE_INTEGER, "is too large"),
    ),
  currency: z.pipe(
    z.pipe(
      z.string({ error: `is required: one of ${fundingCurrencies.join(", ")}` }).check(z.trim()),
      z.transform((code) => code.toUpperCase()),
    ),
    z.enum(fundingCurrencies as [string, ...string[]], { error: `must be one of ${fundingCurrencies.join(", ")}` }),
  ),
});
export type DepositInput = z.infer<typeof depositInputSchema>;

/** The `Idempotency-Key` header: the same key answers the same deposit. */
export const depositIdempotencyKeySchema = z
  .string({ error: "is required: send a unique Idempotency-Key header (for example a UUID) with each new deposit" })
  .check(
    z.minLength(1, "is required: send a unique Idempotency-Key header (for example a UUID) with each new deposit"),
    z.maxLength(200, "must be at most 200 characters"),
  );

export const depositStatusSchema = z.enum(["pending", "completed", "failed"]);

export const advertiserDepositSchema = z.object({
  id: z.string(),
  amount: z.number().check(z.int()),
  currency: z.string(),
  status: depositStatusSchema,
  failureReason: z.nullable(z.string()),
  createdAt: z.number(),
  completedAt: z.nullable(z.number()),
});
export type AdvertiserDepositView = z.infer<typeof advertiserDepositSchema>;

export const advertiserFundsSchema = z.object({
  /** What the account can fund campaigns with, per currency. */
  balances: z.array(z.object({ currency: z.string(), decimals: z.number().check(z.int()), available: z.number().check(z.int()) })),
  /** Newest first. */
  deposits: z.array(advertiserDepositSchema),
});
export type AdvertiserFunds = z.infer<typeof advertiserFundsSchema>;

export const fundCampaignResultSchema = z.object({
  campaignId: z.string(),
  currency: z.string(),
  /** What the campaign's pools took: weekly pool × weeks + bonus pool. */
  amount: z.number().check(z.int()),
  /** False when it was funded already (nothing moved this time). */
  funded: z.boolean(),
});
export type FundCampaignResult = z.infer<typeof fundCampaignResultSchema>;

/** "120.00 USDC": an amount of the smallest unit with at least two decimals, for messages. */
export function formatMoney(amount: number, currency: string): string {
  const [whole, fraction = ""] = formatUnits(amount, currency).split(".");
  return `${whole}.${fraction.padEnd(2, "0")} ${currency}`;
}

/** `/advertiser/{advertiserId}/funds`. */
export const advertiserFundsPageSchema = z.object({
  account: z.object({ id: z.string(), name: z.string() }),
  funds: advertiserFundsSchema,
});
export type AdvertiserFundsPage = z.infer<typeof advertiserFundsPageSchema>;

/** A campaign's funding as its pages show it: what its pools take, whether that moved, what the account has. */
export const campaignFundingSchema = z.object({
  currency: z.string(),
  /** Weekly pool × weeks + bonus pool. */
  needed: z.number().check(z.int()),
  fundedAt: z.nullable(z.number()),
  /** The account's available funding in the campaign's currency. */
  available: z.number().check(z.int()),
  /** What the account lacks to fund it (0 when funded or when enough is there). */
  missing: z.number().check(z.int()),
});
export type CampaignFunding = z.infer<typeof campaignFundingSchema>;
