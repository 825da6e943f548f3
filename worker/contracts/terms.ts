import { z } from "zod/mini";
import { personTextChecks } from "./text.ts";

/**
 * New terms and conditions (docs/decisions/032-spec-server-items.md section 2): an admin publishes a version (its date
 * and a summary of what changed; the text itself is app/content/articles/terms.md), every creator gets a
 * `terms-and-conditions` notification, and each accepts the version on /articles/terms. Times are UTC milliseconds.
 */

export const TERMS_SUMMARY_MAX = 1000;
/** Where the notification links and the Accept button is. */
export const TERMS_PAGE_PATH = "/articles/terms";

/** Ids are made by `publishTerms`: `trm_` and a UUID. */
export const termsIdSchema = z
  .string()
  .check(z.regex(/^trm_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, "must be a terms version id (trm_ and a UUID)"));

/** A calendar date that exists, as YYYY-MM-DD. */
const effectiveDateSchema = z.string({ error: "is required: the date the new terms apply from, as YYYY-MM-DD" }).check(
  z.trim(),
  z.regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date as YYYY-MM-DD"),
  z.refine((day) => {
    const parsed = new Date(`${day}T00:00:00Z`);
    return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === day;
  }, "must be a date that exists"),
);

/** `POST /v1/admin/terms` body (the `Idempotency-Key` header is required too). */
export const publishTermsInputSchema = z.object({
  effectiveDate: effectiveDateSchema,
  summary: z
    .string({ error: "is required: what changed, in a few sentences" })
    .check(...personTextChecks("multiline", TERMS_SUMMARY_MAX, "is required: what changed, in a few sentences")),
});
export type PublishTermsInput = z.input<typeof publishTermsInputSchema>;
export type PublishTerms = z.output<typeof publishTermsInputSchema>;

/** The `Idempotency-Key` header of `POST /v1/admin/terms`: a retry with the same key publishes nothing again. */
export const termsIdempotencyKeySchema = z
  .string({ error: "is required: send a unique Idempotency-Key header (for example a UUID) with each new version of the terms" })
  .check(z.regex(/^[A-Za-z0-9_-]{8,128}$/, "must be 8 to 128 letters, digits, dashes or underscores (a UUID will do)"));

export const termsVersionSchema = z.object({
  id: z.string(),
  effectiveDate: z.string(),
  summary: z.string(),
  publishedAt: z.number().check(z.int()),
});
export type TermsVersion = z.infer<typeof termsVersionSchema>;

/**
 * `POST /v1/admin/terms`: the version; how many creators have its notification so far and whether every page of them
 * has been sent (the scheduler sends the rest); `replayed` when an earlier call with the same key published it.
 */
export const publishedTermsSchema = z.object({
  terms: termsVersionSchema,
  notified: z.number().check(z.int()),
  fanOutDone: z.boolean(),
  replayed: z.boolean(),
});
export type PublishedTerms = z.infer<typeof publishedTermsSchema>;

/** `GET /v1/terms`: the newest version (null before any was published) and when the user accepted it (null: not yet). */
export const currentTermsSchema = z.object({
  terms: z.nullable(termsVersionSchema),
  acceptedAt: z.nullable(z.number().check(z.int())),
});
export type CurrentTerms = z.infer<typeof currentTermsSchema>;

/** `POST /v1/terms/{termsId}/accept`: when the user accepted it (the first time, if they accept again). */
export const termsAcceptanceSchema = z.object({ termsId: z.string(), acceptedAt: z.number().check(z.int()) });
export type TermsAcceptance = z.infer<typeof termsAcceptanceSchema>;
