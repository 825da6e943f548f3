import type { Context } from "hono";
import type { AppError } from "../contracts/errors.ts";

/** Writes the one error shape as the answer; errors are never cached. */
export function apiErrorResponse(c: Context, error: AppError): Response {
  return c.json(error.toBody(), error.status, { "Cache-Control": "no-store" });
}
