import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";

/** The text for a failed call: the server's message when it answered, else the error's own message. */
export function failureText(error: Error): string {
  return errorText(error instanceof ApiRequestError ? error : error.message);
}
