import { ApiRequestError } from "~/lib/api/http-client";

/** The machine code of the server's answer (`challenge_expired`, `two_factor_locked`…), if the error is one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiRequestError ? error.body?.code : undefined;
}

/** The seconds a refused call says to wait (`retryAfterSeconds`, the body's copy of `Retry-After`), or null. */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (!(error instanceof ApiRequestError)) return null;
  const seconds = error.body?.retryAfterSeconds;
  return typeof seconds === "number" && seconds > 0 ? seconds : null;
}
