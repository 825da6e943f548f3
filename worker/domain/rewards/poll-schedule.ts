import { HOUR } from "../../clock.ts";

const MINUTE_MS = 60 * 1000;

/**
 * When to ask X again about a post (PRODUCT.md: "Metrics are polled from X with backoff until the post matures").
 * A post changes fastest just after it is published, so polls start 15 minutes after posting and the gap doubles
 * after each answer (15 min, 30 min, 1 h … at most 12 h); the last poll is at maturity, whatever the gap. A failed
 * attempt (X unreachable, rate limited, no usable token) is retried after 5 min, doubling up to 6 h, and never before
 * the moment X's rate-limit window reopens. Pure.
 */
export const FIRST_POLL_AFTER = 15 * MINUTE_MS;
export const MAX_POLL_GAP = 12 * HOUR;
export const FIRST_RETRY_AFTER = 5 * MINUTE_MS;
export const MAX_RETRY_GAP = 6 * HOUR;
/** A post X never answered for matures anyway this long after its maturity time, with the metrics we have. */
export const MATURITY_GRACE = 24 * HOUR;

/** Tracking of a post that gets its X id at `now` (worker/db/post-metrics.ts `trackPostsStatement`). */
export function trackingFrom(now: number): { now: number; firstPollAfter: number } {
  return { now, firstPollAfter: FIRST_POLL_AFTER };
}

export function firstPollAt(postedAt: number, maturesAt: number): number {
  return Math.min(postedAt + FIRST_POLL_AFTER, maturesAt);
}

/** After a successful poll (`polls` counts it): the next poll, or null when this one was at or after maturity. */
export function nextPollAfterSuccess(input: { now: number; maturesAt: number; polls: number }): number | null {
  if (input.now >= input.maturesAt) return null;
  const gap = Math.min(FIRST_POLL_AFTER * 2 ** Math.max(0, input.polls - 1), MAX_POLL_GAP);
  return Math.min(input.now + gap, input.maturesAt);
}

/** After a failed attempt (`failures` counts it, from 1). */
export function nextPollAfterFailure(input: { now: number; failures: number; retryNotBefore: number | null }): number {
  const gap = Math.min(FIRST_RETRY_AFTER * 2 ** Math.max(0, input.failures - 1), MAX_RETRY_GAP);
  return Math.max(input.now + gap, input.retryNotBefore ?? 0);
}

/** Ready to mature: its final poll came in, or X kept failing past the grace period. */
export function readyToMature(input: { now: number; maturesAt: number; polledAt: number | null }): boolean {
  if (input.now < input.maturesAt) return false;
  return (input.polledAt !== null && input.polledAt >= input.maturesAt) || input.now >= input.maturesAt + MATURITY_GRACE;
}
