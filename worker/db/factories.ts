import { DAY, HOUR } from "../clock.ts";
import { defaultCampaignRules, defaultScoreWeights } from "../contracts/campaign-rules.ts";
import type { CampaignStatus, PostStatus } from "../contracts/vocabulary.ts";
import type { Advertiser } from "./advertisers.ts";
import type { Campaign } from "./campaigns.ts";
import type { Partner } from "./partners.ts";
import type { Post } from "./posts.ts";
import type { User } from "./users.ts";

/**
 * Builders for every stored record, shared by the tests and the demo seed. They are deterministic: the same
 * key and time give the same record, which makes the seed idempotent and test failures reproducible.
 */

export function buildPartner(key: string, now: number, overrides: Partial<Partner> = {}): Partner {
  return {
    id: `partner-${key}`,
    theme: key,
    displayName: key.charAt(0).toUpperCase() + key.slice(1),
    primaryColor: "#4f46e5",
    accentColor: "#f59e0b",
    logoUrl: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function buildAdvertiser(slug: string, now: number, overrides: Partial<Advertiser> = {}): Advertiser {
  return {
    id: `advertiser-${slug}`,
    slug,
    name: slug.charAt(0).toUpperCase() + slug.slice(1),
    tagline: "",
    websiteUrl: null,
    createdAt: now,
    ...overrides,
  };
}

export function buildUser(handle: string, now: number, overrides: Partial<User> = {}): User {
  return {
    id: `user-${handle.toLowerCase()}`,
    xUserId: `x-${handle.toLowerCase()}`,
    handle,
    name: handle,
    avatarUrl: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

/** Start and end of a campaign so that, at `now`, its status is the given one. */
export function campaignWindowFor(status: CampaignStatus, now: number): { startsAt: number; endsAt: number } {
  switch (status) {
    case "inactive":
      return { startsAt: now + 3 * DAY, endsAt: now + 31 * DAY };
    case "active":
      return { startsAt: now - 2 * DAY, endsAt: now + 12 * DAY };
    case "ending":
      return { startsAt: now - 13 * DAY, endsAt: now + 12 * HOUR };
    case "evaluating":
      return { startsAt: now - 15 * DAY, endsAt: now - 1 * DAY };
    case "evaluated":
      return { startsAt: now - 40 * DAY, endsAt: now - 12 * DAY };
  }
}

export function buildCampaign(
  key: string,
  advertiser: Pick<Advertiser, "id">,
  status: CampaignStatus,
  now: number,
  overrides: Partial<Campaign> = {},
): Campaign {
  return {
    id: `campaign-${key}`,
    advertiserId: advertiser.id,
    title: `Campaign ${key}`,
    description: "Post about the product and tag the advertiser.",
    imageUrl: null,
    status,
    visibility: "public",
    ...campaignWindowFor(status, now),
    maturityHours: 48,
    rewardCurrency: "USDC",
    weeklyPool: 500_000_000,
    bonusPool: 100_000_000,
    previewToken: `preview-${key}`,
    rules: defaultCampaignRules,
    scoreWeights: defaultScoreWeights,
    creatorCapBps: 2500,
    targetScore: 1_000_000,
    health: "unknown",
    fundedAt: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  };
}

export function buildPost(
  key: string,
  campaign: Pick<Campaign, "id" | "startsAt">,
  creator: Pick<User, "id">,
  status: PostStatus,
  now: number,
  overrides: Partial<Post> = {},
): Post {
  const postedAt = Math.max(campaign.startsAt, now - DAY);
  return {
    id: `post-${key}`,
    campaignId: campaign.id,
    userId: creator.id,
    xPostId: `x-post-${key}`,
    content: `Post ${key}`,
    status,
    campaignWeek: Math.floor((postedAt - campaign.startsAt) / (7 * DAY)) + 1,
    selectedSuggestionId: null,
    postedAt,
    statusReasons: [],
    clientRequestId: null,
    createdAt: postedAt,
    updatedAt: postedAt,
    ...overrides,
  };
}
