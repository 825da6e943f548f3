import type { NetworkRules } from "../rules.ts";
import { xAccounts } from "./accounts.ts";
import { X_MAX_WEIGHTED_LENGTH, countXText, findXUrls, xTextSegments } from "./text.ts";
import { X_NAME } from "./name.ts";

/**
 * X's rules as the product needs them (docs/decisions/040-network-adapter.md). The label categories are X's list of
 * categories its "Paid partnership" label may not be used for (docs/decisions/041-disclosure.md).
 */
export const xRules: NetworkRules = {
  network: "x",
  name: X_NAME,
  postNoun: "post",
  text: {
    limit: X_MAX_WEIGHTED_LENGTH,
    counting: "weighted",
    countingDescription: "X's weighted count: a link counts 23, an emoji 2, CJK characters 2, most others 1",
    count: (text) => countXText(text).weightedLength,
    segments: xTextSegments,
    links: (text) => findXUrls(text).map((link) => link.url),
  },
  accounts: xAccounts,
  images: { maxCount: 4, maxBytes: 5 * 1024 * 1024, contentTypes: ["image/png", "image/jpeg", "image/gif", "image/webp"] },
  metrics: ["impressions", "likes", "reposts", "replies", "quotes", "bookmarks"],
  readBatchSize: 100,
  readsNeedAuthorAccess: true,
  rateLimits: {
    description: "per user and endpoint in 15-minute windows: posting 100 per 15 minutes, reading posts 900 per 15 minutes",
    slowDown: "HTTP 429 with x-rate-limit-reset (Unix seconds) saying when the window reopens",
  },
  paidPartnershipLabel: {
    name: "Paid partnership",
    excludedCategories: [
      "dating",
      "alcohol",
      "sexual-content",
      "drugs",
      "political-or-social-issues",
      "health-and-wellness",
      "weight-loss",
      "medicines",
      "tobacco",
      "weapons",
    ],
  },
};
