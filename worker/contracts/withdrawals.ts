import { z } from "zod/mini";
import { decimalsOf } from "./currencies.ts";
import { walletIdSchema } from "./wallets.ts";
import { minimumWithdrawalOf, withdrawalStatuses } from "./withdrawal-rules.ts";

/**
 * Money out (issue 10, docs/decisions/015-withdrawals.md): the shapes and rules of a withdrawal that the server and
 * the browser share. Amounts are integers in the currency's smallest unit; the money itself moves only in the ledger.
 */

export const withdrawalStatusSchema = z.enum(withdrawalStatuses);

/** The authenticator app when two-factor is verified; otherwise a code mailed to the verified e-mail. */
export const secondFactorSchema = z.enum(["authenticator", "email"]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

/** A withdrawal waits this long for its code; then it is cancelled and the hold released. */
export const WITHDRAWAL_VERIFY_WINDOW_MS = 15 * 60 * 1000;
/** The fifth wrong code cancels the withdrawal. */
export const WITHDRAWAL_MAX_WRONG_CODES = 5;
/** A mailed code can be sent again once a minute. */
export const WITHDRAWAL_RESEND_INTERVAL_MS = 60 * 1000;

export const withdrawalIdSchema = z
  .string()
  .check(z.regex(/^wdr_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a withdrawal id (wdr_ and a UUID)"));

/** A currency code, any case (stored in capitals). */
export const currencyCodeSchema = z.pipe(
  z
    .string({ error: "is required: a currency code such as USDC" })
    .check(z.trim(), z.regex(/^[A-Za-z]{2,12}$/, "must be a currency code such as USDC")),
  z.transform((code) => code.toUpperCase()),
);

/** The `Idempotency-Key` header of `POST /v1/withdrawal`: a repeat with the same key answers the same withdrawal. */
export const idempotencyKeySchema = z
  .string({ error: "is required: send a unique Idempotency-Key header (for example a UUID) with each new withdrawal" })
  .check(
    z.minLength(1, "is required: send a unique Idempotency-Key header (for example a UUID) with each new withdrawal"),
    z.maxLength(200, "must be at most 200 characters"),
  );

/** `POST /v1/withdrawal` body. */
export const withdrawalRequestSchema = z
  .object({
    walletId: walletIdSchema,
    amount: z
      .number({ error: "is required: an integer in the currency's smallest unit" })
      .check(z.int("must be an integer in the currency's smallest unit"), z.positive("must be more than zero")),
    currency: currencyCodeSchema,
  })
  .check(
    z.superRefine((input, ctx) => {
      const minimum = minimumWithdrawalOf(input.currency);
      if (input.amount > 0 && input.amount < minimum) {
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: `must be at least ${formatUnits(minimum, input.currency)} ${input.currency} (${minimum} in the smallest unit)`,
        });
      }
    }),
  );
export type WithdrawalRequest = z.infer<typeof withdrawalRequestSchema>;

/** `POST /v1/withdrawal/{id}/verify` body: the authenticator's or the mailed code. */
export const withdrawalVerifySchema = z.object({
  code: z.pipe(
    z.pipe(
      z.string({ error: "is required: the code from your authenticator app or e-mail" }),
      z.transform((code) => code.replace(/[\s-]/g, "")),
    ),
    z.string().check(z.regex(/^[0-9A-Za-z]{4,12}$/, "must be the code from your authenticator app or e-mail (digits only)")),
  ),
});

/** `GET /v1/withdrawal?currency=`. */
export const withdrawalListQuerySchema = z.object({ currency: z.optional(currencyCodeSchema) });

/**
 * `page_path` and `trigger` of `POST` and `DELETE` (analytics context, SPEC.md section 7): accepted, not required,
 * and stored with the withdrawal (where it was asked for or cancelled, and with which control).
 */
export const withdrawalTrackingQuerySchema = z.object({
  page_path: z.optional(z.string().check(z.maxLength(2000))),
  trigger: z.optional(z.string().check(z.maxLength(200))),
});

/** The analytics context of one withdrawal call, as stored: null for what the call did not send. */
export type WithdrawalTracking = { pagePath: string | null; trigger: string | null };

export function withdrawalTrackingOf(query: z.infer<typeof withdrawalTrackingQuerySchema>): WithdrawalTracking {
  const present = (value: string | undefined) => (value === undefined || value === "" ? null : value);
  return { pagePath: present(query.page_path), trigger: present(query.trigger) };
}

export const withdrawalWalletSchema = z.object({
  id: z.string(),
  type: z.enum(["evm", "solana"]),
  address: z.string(),
});

/** One withdrawal as the API answers it. Times are UTC milliseconds. */
export const withdrawalSchema = z.object({
  id: z.string(),
  status: withdrawalStatusSchema,
  amount: z.number().check(z.int()),
  currency: z.string(),
  decimals: z.number().check(z.int()),
  wallet: withdrawalWalletSchema,
  secondFactor: secondFactorSchema,
  /** Why it was cancelled or failed, in words (null otherwise). */
  statusReason: z.nullable(z.string()),
  /** Codes left before the withdrawal is cancelled (while verifying). */
  attemptsLeft: z.number().check(z.int()),
  /** Seconds until a mailed code may be sent again (0: now); null for the authenticator. */
  resendAvailableInSeconds: z.nullable(z.number().check(z.int())),
  createdAt: z.number().check(z.int()),
  /** While verifying: when it is cancelled unless verified. */
  expiresAt: z.number().check(z.int()),
  verifiedAt: z.nullable(z.number().check(z.int())),
  settledAt: z.nullable(z.number().check(z.int())),
  updatedAt: z.number().check(z.int()),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalListSchema = z.object({ withdrawals: z.array(withdrawalSchema) });
export type WithdrawalList = z.infer<typeof withdrawalListSchema>;

/** `POST /v1/withdrawal`: the withdrawal, and whether the mailed code went out (null for the authenticator). */
export const withdrawalCreatedSchema = z.object({ withdrawal: withdrawalSchema, codeSent: z.nullable(z.boolean()) });
export type WithdrawalCreated = z.infer<typeof withdrawalCreatedSchema>;

// ---------------------------------------------------------------------------------------------------------------
// Amounts typed by a person: decimal text to integers of the smallest unit, with no floating point on the way.

/** An integer amount of the smallest unit as decimal text with every significant decimal ("12.5", "3"). */
export function formatUnits(amount: number, currency: string): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Amount must be an integer, got ${amount}`);
  const decimals = decimalsOf(currency);
  const sign = amount < 0 ? "-" : "";
  const digits = Math.abs(amount)
    .toString()
    .padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, "");
  return `${sign}${whole}${fraction === "" ? "" : `.${fraction}`}`;
}

export type ParsedAmount = { ok: true; amount: number } | { ok: false; message: string };

/**
 * "12.34" → 12,340,000 for USDC (6 decimals), by splitting the text, never through a float. Grouping commas and
 * spaces are ignored; more decimals than the currency has, signs, exponents or anything else are refused in words.
 */
export function parseDecimalAmount(text: string, currency: string): ParsedAmount {
  const decimals = decimalsOf(currency);
  const cleaned = text.trim().replace(/[,\s_]/g, "");
  if (cleaned === "") return { ok: false, message: "Enter an amount." };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(cleaned);
  if (match === null) return { ok: false, message: "Enter the amount as a number, for example 12.50." };
  const whole = match[1] ?? "";
  const fraction = match[2] ?? "";
  if (whole === "" && fraction === "") return { ok: false, message: "Enter the amount as a number, for example 12.50." };
  if (fraction.length > decimals) {
    return { ok: false, message: `${currency} has at most ${decimals} decimal places.` };
  }
  const units = BigInt(whole === "" ? "0" : whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, "0") || "0");
  if (units > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, message: "That amount is too large." };
  const amount = Number(units);
  if (amount <= 0) return { ok: false, message: "Enter an amount above zero." };
  return { ok: true, amount };
}
