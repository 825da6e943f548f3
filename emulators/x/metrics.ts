import { createHash } from "node:crypto";

export type PublicMetrics = {
  retweet_count: number;
  reply_count: number;
  like_count: number;
  quote_count: number;
  bookmark_count: number;
  impression_count: number;
};

const HOUR = 60 * 60 * 1000;
/** Reach grows as 1 − e^(−t/τ): about 63 % after τ, 98 % after 4τ = 48 h, then flat. */
const GROWTH_TIME_CONSTANT_HOURS = 12;

/** Six numbers in [0, 1) drawn from the post id: the same post always gets the same personality. */
function traits(tweetId: string): number[] {
  const digest = createHash("sha256").update(`x-emulator:${tweetId}`).digest();
  return Array.from({ length: 6 }, (_, index) => digest.readUInt32BE(index * 4) / 2 ** 32);
}

/**
 * A post's public metrics at a moment: zero at posting, rising and flattening around 48 h. Every count is a
 * non-decreasing function of time, so polling never sees a metric shrink.
 */
export function publicMetricsAt(tweetId: string, createdAt: number, now: number): PublicMetrics {
  const [reach = 0, engagement = 0, repost = 0, reply = 0, quote = 0, bookmark = 0] = traits(tweetId);
  const hours = Math.max(0, now - createdAt) / HOUR;
  const growth = 1 - Math.exp(-hours / GROWTH_TIME_CONSTANT_HOURS);
  const peakImpressions = 300 * 10 ** (reach * 2); // 300 to 30 000
  const impressions = Math.floor(peakImpressions * growth);
  const likes = Math.floor(impressions * (0.01 + engagement * 0.05));
  const reposts = Math.floor(likes * (0.05 + repost * 0.2));
  return {
    retweet_count: reposts,
    reply_count: Math.floor(likes * (0.03 + reply * 0.12)),
    like_count: likes,
    quote_count: Math.floor(reposts * (0.1 + quote * 0.3)),
    bookmark_count: Math.floor(likes * (0.05 + bookmark * 0.15)),
    impression_count: impressions,
  };
}
