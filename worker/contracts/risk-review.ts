import { z } from "zod/mini";

/**
 * Risk review (docs/decisions/047-risk-and-review.md): what the console's review queue shows and sends, a campaign's
 * review settings, and the note a creator reads on a held or rejected commission. An item is a commission or a
 * pool-rewarded post (a post has no event; its week and shares are in the evidence).
 */

export const DEFAULT_REVIEW_THRESHOLD = 70;
export const DEFAULT_REVIEW_WINDOW_HOURS = 48;
export const REVIEW_DECISION_MAX_ITEMS = 100;
export const REVIEW_REASON_MAX_CHARS = 500;
export const REVIEW_QUEUE_SHOWN = 100;
export const REVIEW_HISTORY_SHOWN = 50;

export const riskReasonSchema = z.object({ signal: z.string(), points: z.number(), text: z.string() });
export type RiskReasonView = z.infer<typeof riskReasonSchema>;

export const reviewStatuses = ["watching", "held", "approved", "rejected"] as const;

export const reviewItemSchema = z.object({
  itemId: z.string(),
  kind: z.enum(["commission", "post"]),
  campaignId: z.string(),
  campaignTitle: z.string(),
  creatorId: z.string(),
  creatorHandle: z.string(),
  eventId: z.nullable(z.string()),
  eventType: z.nullable(z.string()),
  amount: z.number(),
  currency: z.string(),
  decimals: z.number(),
  score: z.number(),
  reasons: z.array(riskReasonSchema),
  /** The facts behind the reasons (times, counts), by name. */
  evidence: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
  status: z.enum(reviewStatuses),
  scoredAt: z.number(),
  decidedAt: z.nullable(z.number()),
  decidedBy: z.nullable(z.string()),
  decisionReason: z.nullable(z.string()),
});
export type ReviewItem = z.infer<typeof reviewItemSchema>;

export const reviewQueueSchema = z.object({ held: z.array(reviewItemSchema), history: z.array(reviewItemSchema) });
export type ReviewQueue = z.infer<typeof reviewQueueSchema>;

const hasReasonWhenRejecting = (input: { decision: "approve" | "reject"; reason?: string | undefined }) =>
  input.decision === "approve" || (input.reason ?? "") !== "";

export const reviewDecisionInputSchema = z
  .object({
    decision: z.enum(["approve", "reject"], { error: 'must be "approve" or "reject"' }),
    itemIds: z
      .array(z.string().check(z.minLength(1, "must not be empty"), z.maxLength(100, "must be at most 100 characters")), {
        error: "must be a list of item ids",
      })
      .check(
        z.minLength(1, "must name at least one item"),
        z.maxLength(REVIEW_DECISION_MAX_ITEMS, `must name at most ${REVIEW_DECISION_MAX_ITEMS} items`),
      ),
    reason: z.optional(
      z
        .string({ error: "must be text" })
        .check(z.trim(), z.maxLength(REVIEW_REASON_MAX_CHARS, `must be at most ${REVIEW_REASON_MAX_CHARS} characters`)),
    ),
  })
  .check(z.refine(hasReasonWhenRejecting, { path: ["reason"], message: "is required when rejecting: the creator reads it" }));
export type ReviewDecisionInput = z.infer<typeof reviewDecisionInputSchema>;

export const reviewDecisionResultSchema = z.object({
  decided: z.array(z.string()),
  /** Items not decided, each with why: not held (already decided, or reversed by a refund), or not this account's. */
  skipped: z.array(z.object({ itemId: z.string(), reason: z.string() })),
});
export type ReviewDecisionResult = z.infer<typeof reviewDecisionResultSchema>;

const thresholdMessage = "must be a whole number from 1 to 100";
const windowMessage = "must be a whole number of hours from 0 to 720";
export const riskSettingsInputSchema = z.object({
  reviewThreshold: z.int({ error: thresholdMessage }).check(z.gte(1, thresholdMessage), z.lte(100, thresholdMessage)),
  reviewWindowHours: z.int({ error: windowMessage }).check(z.gte(0, windowMessage), z.lte(720, windowMessage)),
});
export type RiskSettingsInput = z.infer<typeof riskSettingsInputSchema>;
export const riskSettingsSchema = z.extend(riskSettingsInputSchema, { campaignId: z.string() });
export type RiskSettings = z.infer<typeof riskSettingsSchema>;

/** On a creator's commission: where it stands in review, why it is held, and the advertiser's reason for a rejection. */
export const creatorReviewNoteSchema = z.object({
  state: z.enum(["in-review", "held", "approved", "rejected"]),
  reasons: z.array(z.string()),
  decisionReason: z.nullable(z.string()),
});
export type CreatorReviewNote = z.infer<typeof creatorReviewNoteSchema>;
