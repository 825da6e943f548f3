import { ApiRequestError } from "~/lib/api/http-client";
import { failureText } from "~/lib/failure-text";
import type { FieldErrors } from "./campaign-form-state";

/**
 * The server's field errors by field ("rules.requiredMentions", "weeklyPool"…: the path under the body, two parts deep
 * for rules and score weights), and the message for the rest.
 */
export function serverErrors(error: Error): { fields: FieldErrors; message: string } {
  const fields: FieldErrors = {};
  if (error instanceof ApiRequestError) {
    for (const item of error.body?.detail ?? []) {
      const path = item.loc.slice(1).filter((part) => typeof part === "string");
      const key = path.slice(0, path[0] === "rules" || path[0] === "scoreWeights" ? 2 : 1).join(".") || "form";
      fields[key] ??= item.msg;
    }
  }
  return { fields, message: failureText(error) };
}
