import { ApiRequestError } from "~/lib/api/http-client";

/** The message of each body field the server named (`detail` with `loc` ["body", field]), first one per field. */
export function fieldErrorsOf(error: unknown): Partial<Record<string, string>> {
  const fields: Partial<Record<string, string>> = {};
  if (!(error instanceof ApiRequestError)) return fields;
  for (const item of error.body?.detail ?? []) {
    const [location, field] = item.loc;
    if (location === "body" && typeof field === "string" && fields[field] === undefined) fields[field] = item.msg;
  }
  return fields;
}

/** The machine code of the server's answer (`challenge_expired`…), if the error is one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body?.code : undefined;
}
