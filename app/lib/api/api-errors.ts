import { ApiRequestError } from "~/lib/api/http-client";

/**
 * The message of each body field the server named (`detail` with `loc` ["body", …]), first one per field, by its path
 * inside the body: "address", or "rules.0.shareBps" for a field of a list's item (`loc` ["body", "rules", 0, "shareBps"]).
 */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  const fields: Partial<Record<string, string>> = {};
  if (!(error instanceof ApiRequestError)) return fields;
  for (const item of error.body?.detail ?? []) {
    const [location, ...path] = item.loc;
    const field = path.join(".");
    if (location === "body" && path.length > 0 && fields[field] === undefined) fields[field] = item.msg;
  }
  return fields;
}

/** The machine code of the server's answer (`challenge_expired`…), if the error is one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body?.code : undefined;
}
