import { NetworkError } from "../adapter.ts";
import type { XApiError } from "./client.ts";

/**
 * X's refusals in the product's terms. `stage` says what Chorus was doing: publishing the post, or uploading one of
 * its images first.
 */
export function networkErrorFromX(error: XApiError, stage: "post" | "image" = "post"): NetworkError {
  const detail = error.detail || error.title;
  const options = { imageUpload: stage === "image" };
  if (error.isUnauthorized) return new NetworkError("x", "access-revoked", detail, options);
  if (error.isRateLimited) return new NetworkError("x", "rate-limited", detail, { ...options, retryAt: error.rateLimitResetAt });
  if (error.status === 403) {
    if (/duplicate/i.test(error.detail)) return new NetworkError("x", "duplicate", detail, options);
    if (/unsupported authentication|scope/i.test(`${error.title} ${error.detail}`)) {
      return new NetworkError("x", "missing-access", detail, options);
    }
    return new NetworkError("x", "refused", detail, options);
  }
  if (error.status === 400 || error.status === 413 || error.status === 422) return new NetworkError("x", "invalid-post", detail, options);
  return new NetworkError("x", "unavailable", detail, options);
}
