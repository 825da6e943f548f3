import { XRPCError } from "@atproto/api";
import { OAuthResponseError, TokenInvalidError, TokenRefreshError, TokenRevokedError } from "@atproto/oauth-client";

/**
 * Bluesky's refusals in the product's terms (the kinds of the network adapter's NetworkError):
 * - `missing-access`: no Bluesky session for the user (never linked, or signed out of Bluesky);
 * - `access-revoked`: the PDS no longer honours the session (revoked, or its refresh token expired);
 * - `rate-limited`: 429 RateLimitExceeded; `retryAt` from RateLimit-Reset (Unix seconds);
 * - `invalid-post`: the record failed validation (over 300 graphemes, a bad facet, an image too large);
 * - `refused`: another 4xx (a missing scope, a taken record key);
 * - `unavailable`: no answer, or a 5xx.
 */
export type BlueskyErrorKind = "missing-access" | "access-revoked" | "rate-limited" | "invalid-post" | "refused" | "unavailable";

export class BlueskyError extends Error {
  readonly kind: BlueskyErrorKind;
  /** Bluesky's own words (its `error` and `message`), for logs and for the creator when it is all there is. */
  readonly detail: string;
  readonly retryAt: number | null;
  readonly imageUpload: boolean;

  constructor(kind: BlueskyErrorKind, detail: string, options: { retryAt?: number | null; imageUpload?: boolean } = {}) {
    super(`bluesky: ${kind}${detail === "" ? "" : `: ${detail}`}`);
    this.name = "BlueskyError";
    this.kind = kind;
    this.detail = detail;
    this.retryAt = options.retryAt ?? null;
    this.imageUpload = options.imageUpload ?? false;
  }
}

function retryAtFrom(headers: Record<string, string | undefined> | undefined): number | null {
  const reset = Number(headers?.["ratelimit-reset"] ?? headers?.["RateLimit-Reset"]);
  return Number.isFinite(reset) && reset > 0 ? reset * 1000 : null;
}

/** Turns what the @atproto clients throw into a BlueskyError; anything else (a bug) is thrown on as it is. */
export function blueskyErrorFrom(error: unknown, options: { imageUpload?: boolean } = {}): BlueskyError {
  if (error instanceof BlueskyError) return error;
  if (error instanceof TokenRevokedError || error instanceof TokenRefreshError || error instanceof TokenInvalidError) {
    return new BlueskyError("access-revoked", error.message, options);
  }
  if (error instanceof OAuthResponseError) {
    return new BlueskyError(
      error.status >= 500 ? "unavailable" : "access-revoked",
      `${error.error}: ${error.errorDescription ?? ""}`,
      options,
    );
  }
  if (error instanceof XRPCError) {
    const detail = `${error.error}: ${error.message}`;
    if (error.status === 429) return new BlueskyError("rate-limited", detail, { ...options, retryAt: retryAtFrom(error.headers) });
    if (error.status === 401) return new BlueskyError("access-revoked", detail, options);
    if (error.status >= 500 || error.status <= 1) return new BlueskyError("unavailable", detail, options);
    if (error.status === 400 && /^Invalid app\.bsky\.feed\.post record/.test(error.message))
      return new BlueskyError("invalid-post", error.message, options);
    return new BlueskyError("refused", detail, options);
  }
  if (error instanceof TypeError) return new BlueskyError("unavailable", error.message, options);
  throw error;
}
