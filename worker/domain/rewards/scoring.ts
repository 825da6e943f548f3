import type { PostMetrics, ScoreWeights } from "../../contracts/campaign-rules.ts";
import { networkReports } from "../../contracts/campaign-networks.ts";
import type { Network } from "../../contracts/networks/rules.ts";

export const zeroMetrics: PostMetrics = { impressions: 0, likes: 0, reposts: 0, replies: 0, quotes: 0, bookmarks: 0 };

/**
 * Score = weighted engagement: each count the post's network reports times the campaign's integer weight for it
 * (a weight for a count the network does not have, such as views on Bluesky, does not apply there:
 * docs/decisions/044-campaign-networks.md). Integers in, an integer out; negative or fractional counts are a bug
 * upstream and refused rather than rounded.
 */
export function scoreOf(metrics: PostMetrics, weights: ScoreWeights, network: Network): number {
  const kinds = ["impressions", "likes", "reposts", "replies", "quotes", "bookmarks"] as const;
  let score = 0;
  for (const kind of kinds) {
    if (!networkReports(network, kind)) continue;
    const count = metrics[kind];
    const weight = weights[kind];
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`${kind} must be a whole count, got ${count}`);
    if (!Number.isSafeInteger(weight) || weight < 0) throw new RangeError(`The ${kind} weight must be a whole number, got ${weight}`);
    score += count * weight;
  }
  if (!Number.isSafeInteger(score)) throw new RangeError(`The score ${score} is beyond what can be counted exactly`);
  return score;
}
