import { createHash } from "node:crypto";

/** The counts Bluesky makes public for a post (no view counts exist on Bluesky). */
export type PostCounts = { likeCount: number; repostCount: number; replyCount: number; quoteCount: number };

const HOUR = 60 * 60 * 1000;
/** Engagement grows as 1 − e^(−t/τ): about 63 % after τ, 98 % after 4τ = 48 h, then flat. */
const GROWTH_TIME_CONSTANT_HOURS = 12;

/** Four numbers in [0, 1) drawn from the post's URI: the same post always gets the same personality. */
function traits(uri: string): number[] {
  const digest = createHash("sha256").update(`bluesky-emulator:${uri}`).digest();
  return Array.from({ length: 4 }, (_, index) => digest.readUInt32BE(index * 4) / 2 ** 32);
}

/** A post's counts at a moment: zero at posting, rising and flattening around 48 h; never decreasing. */
export function postCountsAt(uri: string, indexedAt: number, now: number): PostCounts {
  const [reach = 0, repost = 0, reply = 0, quote = 0] = traits(uri);
  const hours = Math.max(0, now - indexedAt) / HOUR;
  const growth = 1 - Math.exp(-hours / GROWTH_TIME_CONSTANT_HOURS);
  const likes = Math.floor(5 * 10 ** (reach * 2.3) * growth); // peaks from 5 to about 1,000
  const reposts = Math.floor(likes * (0.05 + repost * 0.2));
  return {
    likeCount: likes,
    repostCount: reposts,
    replyCount: Math.floor(likes * (0.03 + reply * 0.12)),
    quoteCount: Math.floor(reposts * (0.1 + quote * 0.3)),
  };
}
