import type { NetworkRules } from "../rules.ts";
import { blueskyAccounts } from "./accounts.ts";
import { BLUESKY_MAX_GRAPHEMES, blueskyGraphemeLength, blueskyTextSegments } from "./text.ts";
import { BLUESKY_NAME } from "./name.ts";

/**
 * Bluesky's rules as the product needs them (docs/decisions/042-bluesky.md): 300 graphemes, four images of up to
 * 1,000,000 bytes, public counts of likes, reposts, replies and quotes but no views, 25 posts per getPosts call, and
 * per-account write points. It has no paid-partnership label: the disclosure is the post's own text.
 */
export const blueskyRules: NetworkRules = {
  network: "bluesky",
  name: BLUESKY_NAME,
  postNoun: "post",
  text: {
    limit: BLUESKY_MAX_GRAPHEMES,
    counting: "graphemes",
    countingDescription: "Bluesky counts graphemes: every character as you see it counts 1, an emoji or a link's each character too",
    count: blueskyGraphemeLength,
    segments: blueskyTextSegments,
    links: (text) =>
      blueskyTextSegments(text)
        .filter((segment) => segment.kind === "url")
        .map((segment) => segment.text),
  },
  accounts: blueskyAccounts,
  images: { maxCount: 4, maxBytes: 1_000_000, contentTypes: ["image/png", "image/jpeg", "image/gif", "image/webp"] },
  metrics: ["likes", "reposts", "replies", "quotes"],
  readBatchSize: 25,
  readsNeedAuthorAccess: false,
  rateLimits: {
    description:
      "per account on its PDS: 5,000 write points an hour and 35,000 a day (a post costs 3, a deletion 1); the public app view allows 3,000 reads per 5 minutes per address",
    slowDown: "HTTP 429 RateLimitExceeded with RateLimit-Reset (Unix seconds) saying when the window reopens",
  },
  paidPartnershipLabel: null,
};
