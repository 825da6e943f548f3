import { errorCodeOf } from "~/lib/api/api-errors";

/**
 * A lock (too many wrong codes) is said once, above the two-factor forms, from the settings (refetched after every
 * refusal): a form shows its own message only when the refusal was something else.
 */
export function unlessLocked(error: unknown, message: string | null): string | null {
  return errorCodeOf(error) === "two_factor_locked" ? null : message;
}
