import type { FieldError } from "@contracts/errors.ts";

/** The text of an error toast or message (SPEC.md section 8). */
export const DEFAULT_ERROR_TEXT = "Error, please contact support.";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A `detail` item of the server's error shape, read leniently (any list as its `loc`), as a proxy may answer. */
function isFieldError(value: unknown): value is FieldError {
  return isRecord(value) && Array.isArray(value.loc) && typeof value.msg === "string";
}

/** The response body an error carries: the API client's `ApiRequestError.body`, or a body given directly. */
function responseBody(error: unknown): Record<string, unknown> | null {
  if (!isRecord(error)) return null;
  if ("body" in error) return isRecord(error.body) ? error.body : null;
  if ("response" in error && isRecord(error.response)) {
    const data = error.response.data ?? error.response._data;
    return isRecord(data) ? data : null;
  }
  return error instanceof Error ? null : error;
}

/**
 * The default text, replaced by: a plain string error; else the response's list of errors, joined; else its
 * message; else, when its detail is a list, each item as "loc.path: msg", joined by spaces.
 */
export function errorText(error: unknown): string {
  if (typeof error === "string") return error.trim() === "" ? DEFAULT_ERROR_TEXT : error;
  const body = responseBody(error);
  if (body === null) return DEFAULT_ERROR_TEXT;
  const errors = Array.isArray(body.errors) ? body.errors.filter((item): item is string => typeof item === "string" && item !== "") : [];
  if (errors.length > 0) return errors.join(", ");
  if (typeof body.message === "string" && body.message !== "") return body.message;
  if (Array.isArray(body.detail)) {
    const fields = body.detail.filter(isFieldError).map((field) => `${field.loc.join(".")}: ${field.msg}`);
    if (fields.length > 0) return fields.join(" ");
  }
  return DEFAULT_ERROR_TEXT;
}
