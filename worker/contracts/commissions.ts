import { z } from "zod/mini";
import { earningConversionTypes } from "./conversion-types.ts";
import { creatorReviewNoteSchema } from "./risk-review.ts";

/**
 * Commissions (docs/decisions/045-commissions.md): what an advertiser pays a creator per conversion, per campaign and
 * event type, from a commission budget; pending for the campaign's validation window, then available. Amounts are
 * integers in the campaign's reward currency's smallest unit.
 */

export const MAX_VALIDATION_DAYS = 90;

const positiveAmount = (what: string) =>
  z.nullable(
    z
      .number({ error: `must be ${what}: a whole number of the currency's smallest unit, or null` })
      .check(
        z.int("must be a whole number of the currency's smallest unit"),
        z.positive("must be more than zero"),
        z.lte(Number.MAX_SAFE_INTEGER, "is too large"),
      ),
  );

export const commissionRuleInputSchema = z
  .object({
    eventType: z.enum(earningConversionTypes, { error: `must be one of ${earningConversionTypes.join(", ")}` }),
    kind: z.enum(["fixed", "share"], { error: 'must be "fixed" (an amount per event) or "share" (of its value)' }),
    fixedAmount: z._default(positiveAmount("the amount per event"), null),
    shareBps: z._default(
      z.nullable(
        z
          .number({ error: "must be the share in basis points (1 to 10000), or null" })
          .check(
            z.int("must be whole basis points"),
            z.gte(1, "must be at least 1 basis point"),
            z.lte(10_000, "must be at most 10000 (100 %)"),
          ),
      ),
      null,
    ),
    minValue: z._default(
      z.nullable(
        z
          .number({ error: "must be the least value an event must have, or null" })
          .check(
            z.int("must be a whole number of the currency's smallest unit"),
            z.gte(0, "must be 0 or more"),
            z.lte(Number.MAX_SAFE_INTEGER, "is too large"),
          ),
      ),
      null,
    ),
    creatorWeeklyCap: z._default(positiveAmount("the most one creator earns in a campaign week"), null),
    campaignCap: z._default(positiveAmount("the most the campaign pays under this rule"), null),
  })
  .check(
    z.superRefine((rule, context) => {
      if (rule.kind === "fixed" && rule.fixedAmount === null)
        context.addIssue({ code: "custom", message: "is required for a fixed commission", path: ["fixedAmount"], input: rule });
      if (rule.kind === "fixed" && rule.shareBps !== null)
        context.addIssue({ code: "custom", message: "must be null for a fixed commission", path: ["shareBps"], input: rule });
      if (rule.kind === "share" && rule.shareBps === null)
        context.addIssue({ code: "custom", message: "is required for a share of the value", path: ["shareBps"], input: rule });
      if (rule.kind === "share" && rule.fixedAmount !== null)
        context.addIssue({ code: "custom", message: "must be null for a share of the value", path: ["fixedAmount"], input: rule });
    }),
  );
export type CommissionRuleInput = z.input<typeof commissionRuleInputSchema>;
export type ParsedCommissionRule = z.infer<typeof commissionRuleInputSchema>;

/** `PUT /v1/advertiser/{id}/campaigns/{campaignId}/commissions`: the window and the whole set of rules. */
export const commissionSettingsInputSchema = z.object({
  validationDays: z
    .number({ error: `must be a number of days from 0 to ${MAX_VALIDATION_DAYS}` })
    .check(
      z.int("must be whole days"),
      z.gte(0, "must be 0 or more days"),
      z.lte(MAX_VALIDATION_DAYS, `must be at most ${MAX_VALIDATION_DAYS} days`),
    ),
  rules: z.array(commissionRuleInputSchema, { error: "must be a list of rules" }).check(
    z.maxLength(earningConversionTypes.length, `must hold at most one rule per event type (${earningConversionTypes.length})`),
    z.refine((rules) => new Set(rules.map((rule) => rule.eventType)).size === rules.length, "must hold at most one rule per event type"),
  ),
});
export type CommissionSettingsInput = z.input<typeof commissionSettingsInputSchema>;
export type ParsedCommissionSettings = z.infer<typeof commissionSettingsInputSchema>;

export const commissionRuleSchema = z.object({
  eventType: z.enum(earningConversionTypes),
  kind: z.enum(["fixed", "share"]),
  fixedAmount: z.nullable(z.number()),
  shareBps: z.nullable(z.number()),
  minValue: z.nullable(z.number()),
  creatorWeeklyCap: z.nullable(z.number()),
  campaignCap: z.nullable(z.number()),
});
export type CommissionRuleView = z.infer<typeof commissionRuleSchema>;

/** A campaign's commission settings as the console shows them, with its budget. */
export const commissionSettingsSchema = z.object({
  campaignId: z.string(),
  currency: z.string(),
  decimals: z.number(),
  validationDays: z.number(),
  rules: z.array(commissionRuleSchema),
  /** What the budget holds and has not reserved for a commission. */
  budget: z.number(),
  /** Conversions since the budget was last funded that earned nothing because it was spent, and when the last did. */
  budgetShortCount: z.number(),
  budgetShortAt: z.nullable(z.number()),
});
export type CommissionSettings = z.infer<typeof commissionSettingsSchema>;

/** `POST …/commissions/budget` with an Idempotency-Key: moves the amount from the account's funds into the budget. */
export const commissionBudgetInputSchema = z.object({
  amount: z
    .number({ error: "is required: an integer in the campaign currency's smallest unit" })
    .check(
      z.int("must be an integer in the currency's smallest unit"),
      z.positive("must be more than zero"),
      z.lte(Number.MAX_SAFE_INTEGER, "is too large"),
    ),
});
export type CommissionBudgetInput = z.infer<typeof commissionBudgetInputSchema>;

export const commissionStatuses = ["pending", "available", "reversed"] as const;

/** One commission as its creator sees it. */
export const creatorCommissionSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  campaignTitle: z.string(),
  eventType: z.string(),
  currency: z.string(),
  decimals: z.number(),
  amount: z.number(),
  status: z.enum(commissionStatuses),
  createdAt: z.number(),
  /** When a pending commission becomes available (the end of the validation window). */
  availableAt: z.number(),
  reversedAt: z.nullable(z.number()),
  /** What a reversal could not take back at once, and what later earnings have repaid of it. */
  debt: z.number(),
  debtRecovered: z.number(),
  /** Its risk review (docs/decisions/047-risk-and-review.md): why it is held, the advertiser's reason for a rejection. */
  review: z.nullable(creatorReviewNoteSchema),
});
export type CreatorCommission = z.infer<typeof creatorCommissionSchema>;

export const creatorCommissionsSchema = z.object({ commissions: z.array(creatorCommissionSchema) });
export type CreatorCommissions = z.infer<typeof creatorCommissionsSchema>;

export const CREATOR_COMMISSIONS_SHOWN = 50;
