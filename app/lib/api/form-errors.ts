import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import { failureText } from "~/lib/failure-text";

/** Where a message of the server's error shape points: its `loc` without the first part ("body"). */
export type FieldPath = readonly (string | number)[];

/**
 * What a failed call means for a form: the server's message per field, for the kit's `Field error`, and the sentences
 * to show beside them.
 */
export type FormErrors = {
  /** The first message the server gave for each field of the body, by the form's name for it (see `fieldOf`). */
  fields: Partial<Record<string, string>>;
  /**
   * The sentence for the whole failure; null without one. For a validation error naming fields that have a label, those
   * fields' messages worded with the labels ("Display name: must not be empty"), else the server's message (or the
   * error's own, when the server did not answer).
   */
  message: string | null;
  /** `message`, unless the server named a field (its message then stands beside that field): for a notice under a form. */
  unshown: string | null;
};

export type FormErrorsOptions = {
  /** The form's label of each field, by its name, to word a validation error with. */
  labels?: Partial<Record<string, string>>;
  /**
   * The form's name for the field a message points at, or null to leave the message out of `fields`. By default the
   * path joined with dots, less the indexes at its end ("rules.1.shareBps"; an item of a list of values, `hostnames`
   * 2, is the list's field "hostnames"); a message for the whole body has none.
   */
  fieldOf?: (path: FieldPath) => string | null;
};

export const noFormErrors: FormErrors = { fields: {}, message: null, unshown: null };

/** The default `fieldOf`: see FormErrorsOptions. */
export function fieldNameOf(path: FieldPath): string | null {
  let end = path.length;
  while (end > 0 && typeof path[end - 1] === "number") end -= 1;
  return end === 0 ? null : path.slice(0, end).join(".");
}

/** The one reading of the server's field errors (`detail` items with `loc` ["body", field, …]) for every form. */
export function formErrorsOf(error: unknown, { labels = {}, fieldOf = fieldNameOf }: FormErrorsOptions = {}): FormErrors {
  if (error === null || error === undefined) return noFormErrors;
  const fields: Partial<Record<string, string>> = {};
  const detail = error instanceof ApiRequestError ? (error.body?.detail ?? []) : [];
  for (const item of detail) {
    const [location, ...path] = item.loc;
    const field = location === "body" ? fieldOf(path) : null;
    if (field !== null && fields[field] === undefined) fields[field] = item.msg;
  }
  const labelled = Object.entries(fields).filter(([field]) => labels[field] !== undefined);
  const isValidation = error instanceof ApiRequestError && error.body?.code === "invalid_request";
  const message =
    isValidation && labelled.length > 0
      ? labelled.map(([field, msg]) => `${labels[field] ?? field}: ${msg ?? ""}`).join(" ")
      : error instanceof Error
        ? failureText(error)
        : errorText(error);
  return { fields, message, unshown: Object.keys(fields).length === 0 ? message : null };
}
