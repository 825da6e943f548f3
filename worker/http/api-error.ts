import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** One error shape for every API answer: status, a machine code, a message a person can act on, and field errors. */
export type FieldError = { loc: (string | number)[]; msg: string };
export type ApiErrorBody = { status: number; code: string; message: string; detail?: FieldError[] };

export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly detail?: FieldError[],
  ) {
    super(message);
    this.name = "ApiError";
  }

  toBody(): ApiErrorBody {
    return {
      status: this.status,
      code: this.code,
      message: this.message,
      ...(this.detail === undefined ? {} : { detail: this.detail }),
    };
  }
}

export function apiErrorResponse(c: Context, error: ApiError): Response {
  return c.json(error.toBody(), error.status, { "Cache-Control": "no-store" });
}
