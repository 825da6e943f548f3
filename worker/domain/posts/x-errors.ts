import type { XApiError } from "../../clients/x-client.ts";
import { X_WRITE_ACCESS_REQUIRED } from "../../contracts/posts.ts";
import { AppError } from "../../contracts/errors.ts";

/** X's refusals, turned into answers a creator can act on. Nothing is stored for a post X refused. */

export function writeAccessRequired(
  message = "Chorus needs your permission to post on X for you. Choose Allow posting, then send your post again.",
): AppError {
  return new AppError(403, X_WRITE_ACCESS_REQUIRED, message);
}

/** A rate-limit answer that also says when to try again (the route turns it into a Retry-After header). */
export class XRateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, "x_rate_limited", message);
    this.name = "XRateLimitedError";
  }
}

const FALLBACK_RATE_WINDOW_MS = 15 * 60 * 1000;

function whenToRetry(resetAt: number | null, now: number): { seconds: number; text: string } {
  const waitMs = Math.max(0, (resetAt ?? now + FALLBACK_RATE_WINDOW_MS) - now);
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  const at = new Date(now + waitMs).toISOString().slice(11, 16);
  return { seconds: Math.ceil(waitMs / 1000), text: `in ${minutes} minute${minutes === 1 ? "" : "s"} (at ${at} UTC)` };
}

/**
 * What the creator reads when X refuses. `step` says what Chorus was doing: publishing the post, or uploading one
 * of its images first.
 */
export function apiErrorFromX(error: XApiError, now: number, step: "post" | "image" = "post"): AppError {
  const what = step === "image" ? "an image of this post" : "this post";
  if (error.isUnauthorized) {
    return writeAccessRequired(
      "X no longer accepts Chorus's permission to post for you (it was revoked or has expired). Choose Allow posting to grant it again; nothing was posted.",
    );
  }
  if (error.isRateLimited) {
    const retry = whenToRetry(error.rateLimitResetAt, now);
    return new XRateLimitedError(
      `X limits how often you can post, and the limit is reached for now. Nothing was posted; try again ${retry.text}.`,
      retry.seconds,
    );
  }
  if (error.status === 403) {
    if (/duplicate/i.test(error.detail)) {
      return new AppError(
        409,
        "x_duplicate_content",
        "X refused this post because you have already posted the same text. Change the text a little and try again.",
      );
    }
    if (/unsupported authentication|scope/i.test(`${error.title} ${error.detail}`)) {
      return writeAccessRequired(
        "Chorus is not allowed to publish on X for you yet (or not with images). Choose Allow posting to grant it; nothing was posted.",
      );
    }
    return new AppError(403, "x_refused", `X refused ${what}: ${error.detail || error.title}. Nothing was posted.`);
  }
  if (error.status === 400 || error.status === 413 || error.status === 422) {
    return new AppError(422, "x_invalid_post", `X refused ${what}: ${error.detail || error.title}. Nothing was posted.`);
  }
  return new AppError(502, "x_unavailable", "X is not answering right now, so nothing was posted. Try again in a minute.");
}
