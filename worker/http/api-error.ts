import type { Context } from "hono";
import type { AppError } from "../contracts/errors.ts";

/** Writes the one error shape as the answer; errors are never cached. An error saying when to retry sets `Retry-After`. */
export function apiErrorResponse(c: Context, error: AppError): Response {
  const headers: Record<string, string> = { "Cache-Control": "no-store" };
  if (error.retryAfter !== undefined) headers["Retry-After"] = String(error.retryAfter);
  return c.json(error.toBody(), error.status, headers);
}
