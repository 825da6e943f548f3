import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";

/** What a failed settings call means for a form: a message per field it names, and one sentence to show. */
export type FormErrors = { fields: Partial<Record<string, string>>; message: string | null };

export const noFormErrors: FormErrors = { fields: {}, message: null };

/**
 * Reads the server's error shape: `detail` items name a field as `["body", field, …]`. The message is the server's
 * own, except for plain validation errors, which are worded with the form's labels ("Display name: must not be
 * empty") instead of the API's field names.
 */
export function formErrorsOf(error: unknown, labels: Partial<Record<string, string>> = {}): FormErrors {
  if (error === null || error === undefined) return noFormErrors;
  const fields: Partial<Record<string, string>> = {};
  const detail = error instanceof ApiRequestError ? (error.body?.detail ?? []) : [];
  for (const item of detail) {
    const field = item.loc[1];
    if (typeof field === "string" && fields[field] === undefined) fields[field] = item.msg;
  }
  const named = Object.entries(fields).filter(([field]) => labels[field] !== undefined);
  const isValidation = error instanceof ApiRequestError && error.body?.code === "invalid_request";
  const message =
    isValidation && named.length > 0 ? named.map(([field, msg]) => `${labels[field] ?? field}: ${msg ?? ""}`).join(" ") : errorText(error);
  return { fields, message };
}

/** The seconds a refused call says to wait (`retryAfterSeconds`, the body's copy of `Retry-After`), or null. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError)) return null;
  const seconds = error.body?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}

/** The error's machine code (`code_expired`, `two_factor_locked`, …), or null. */
export function errorCodeOf(error: unknown): string | null {
  return error instanceof ApiRequestError ? (error.body?.code ?? null) : null;
}
