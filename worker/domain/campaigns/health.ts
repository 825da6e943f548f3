import type { CampaignHealth } from "../../contracts/vocabulary.ts";

/**
 * Campaign health from pacing (PRODUCT.md "Campaigns"): the engagement so far (sum of the posts' scores) against the
 * target for the time elapsed — target × elapsed / duration. `good` at 80 % or more, `moderate` at 50 % or more,
 * `unhealthy` below, `unknown` before the first metrics. Pure; compared exactly in integers, so 80 % is good.
 */
export type PacingInput = {
  scoreSoFar: number;
  targetScore: number;
  startsAt: number;
  endsAt: number;
  now: number;
  /** Whether X has answered for any of the campaign's posts yet. */
  hasMetrics: boolean;
};

export const GOOD_PACING_PERCENT = 80;
export const MODERATE_PACING_PERCENT = 50;

export function campaignHealth(input: PacingInput): CampaignHealth {
  if (!input.hasMetrics) return "unknown";
  const duration = BigInt(Math.max(1, input.endsAt - input.startsAt));
  const elapsed = BigInt(Math.min(Math.max(0, input.now - input.startsAt), input.endsAt - input.startsAt));
  // pacing % = 100 × score / (target × elapsed / duration) = 100 × score × duration / (target × elapsed)
  const achieved = 100n * BigInt(Math.max(0, input.scoreSoFar)) * duration;
  const expected = BigInt(Math.max(1, input.targetScore)) * elapsed;
  if (expected === 0n) return "good";
  if (achieved >= BigInt(GOOD_PACING_PERCENT) * expected) return "good";
  if (achieved >= BigInt(MODERATE_PACING_PERCENT) * expected) return "moderate";
  return "unhealthy";
}

/** The pacing itself (1 = on target), for display; null while unknown. */
export function campaignPacing(input: PacingInput): number | null {
  if (!input.hasMetrics) return null;
  const duration = Math.max(1, input.endsAt - input.startsAt);
  const elapsed = Math.min(Math.max(0, input.now - input.startsAt), duration);
  if (elapsed === 0) return null;
  return input.scoreSoFar / ((Math.max(1, input.targetScore) * elapsed) / duration);
}
