import { z } from "zod/mini";

/**
 * The one error shape of the product: an HTTP status, a machine code, a message a person can act on, and the fields
 * at fault. Use cases throw `AppError`; the web layer writes its body as the answer; the browser reads the same shape.
 */
// zod/mini: the browser reads this shape, and the full zod's API would weigh on every page.
export const fieldErrorSchema = z.object({ loc: z.array(z.union([z.string(), z.number()])), msg: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export const errorBodySchema = z.object({
  status: z.number().check(z.int()),
  code: z.string(),
  message: z.string(),
  detail: z.optional(z.array(fieldErrorSchema)),
  /** With a 429: how many seconds to wait before trying again (the answer's `Retry-After` header says the same). */
  retryAfterSeconds: z.optional(z.number().check(z.int(), z.positive())),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** An error answer names fields and what was expected; it never repeats what was sent beyond a short prefix. */
export const ERROR_LIMITS = { fields: 50, locPart: 64, fieldMessage: 240, message: 1000 } as const;

/** `text` cut to `max` characters, marked with an ellipsis when cut. */
export function shortened(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** At most 50 field errors, each with short path parts and a short message, however large the input was. */
export function boundedFieldErrors(detail: readonly FieldError[]): FieldError[] {
  return detail.slice(0, ERROR_LIMITS.fields).map((field) => ({
    loc: field.loc.slice(0, 16).map((part) => (typeof part === "string" ? shortened(part, ERROR_LIMITS.locPart) : part)),
    msg: shortened(field.msg, ERROR_LIMITS.fieldMessage),
  }));
}

/** One sentence listing the fields at fault ("events.3.type: must be …; …"), bounded like the fields themselves. */
export function fieldErrorsMessage(detail: readonly FieldError[], whole: string): string {
  const listed = boundedFieldErrors(detail)
    .slice(0, 20)
    .map((field) => `${field.loc.slice(1).join(".") || whole}: ${field.msg}`)
    .join("; ");
  return shortened(listed, ERROR_LIMITS.message);
}

/** The statuses a use case may answer with (each carries a body, so the web layer can always write one). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 414 | 422 | 429 | 500 | 502 | 503;

export class AppError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly detail: FieldError[] | undefined;
  /** When to try again, in whole seconds, as the `Retry-After` header the web layer sends (and `retryAfterSeconds` in the body). */
  readonly retryAfter: number | undefined;

  constructor(status: ErrorStatus, code: string, message: string, detail?: FieldError[], options: { retryAfterSeconds?: number } = {}) {
    super(shortened(message, ERROR_LIMITS.message));
    this.name = "AppError";
    this.status = status;
    this.code = code;
    this.detail = detail === undefined ? undefined : boundedFieldErrors(detail);
    this.retryAfter = options.retryAfterSeconds === undefined ? undefined : Math.max(1, Math.ceil(options.retryAfterSeconds));
  }

  toBody(): ErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
      ...(this.retryAfter === undefined ? {} : { retryAfterSeconds: this.retryAfter }),
    };
  }
}

/** The 400 of input that breaks its contract: one sentence over the fields, and the fields themselves. */
export function invalidRequest(detail: FieldError[], whole = "body"): AppError {
  return new AppError(400, "invalid_request", fieldErrorsMessage(detail, whole), detail);
}

/** The "not found" every lookup by id answers with, worded for a person. */
export function notFound(message: string): AppError {
  return new AppError(404, "not_found", message);
}
