import { DAY, HOUR } from "../../worker/clock.ts";
import { defaultCampaignRules, defaultScoreWeights, type PostMetrics } from "../../worker/contracts/campaign-rules.ts";
import type { CampaignStatus, PostStatus } from "../../worker/contracts/vocabulary.ts";
import type { Advertiser } from "../../worker/db/advertisers.ts";
import { markBonusPostsStatement } from "../../worker/db/campaign-weeks.ts";
import type { Campaign } from "../../worker/db/campaigns.ts";
import type { Partner } from "../../worker/db/partners.ts";
import { recordMaturedStatement, recordPolledMetricsStatement, trackPostsStatement } from "../../worker/db/post-metrics.ts";
import { changePostStatusesStatement } from "../../worker/db/post-status-changes.ts";
import { insertPostStatement, type Post } from "../../worker/db/posts.ts";
import type { User } from "../../worker/db/users.ts";
import { trackingFrom } from "../../worker/domain/rewards/poll-schedule.ts";

/**
 * Factories for every stored record, shared by the demo seed (scripts/seed/), the tests, the benchmarks and the
 * end-to-end tests. They live with the seed because the demo world is built from them: tests may import the seed's
 * code, the seed never imports tests. The builders are deterministic: the same key and time give the same record,
 * which makes the seed idempotent and test failures reproducible. What the factories write goes through the writers
 * production uses (worker/db), never through SQL of their own, and what the seed wrote is read back through the
 * API's own contracts by tests/worker/demo-walk.test.ts.
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
    signupAccount: `x:x-${handle.toLowerCase()}`,
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
    category: "technology",
    disclosure: "#ad",
    networks: ["x"],
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
    network: "x",
    networkPostId: `x-post-${key}`,
    content: `#ad Post ${key}`,
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

/**
 * Posts stored as published on X (with their X ids) and tracked from `now`, as publishing does in one batch
 * (`markPostPublished`): the rewards engine polls a post only once it is tracked.
 */
export function publishedPostsStatements(db: D1Database, posts: readonly Post[], now: number): D1PreparedStatement[] {
  if (posts.length === 0) return [];
  return [
    ...posts.map((post) => insertPostStatement(db, post)),
    trackPostsStatement(
      db,
      posts.map((post) => post.id),
      trackingFrom(now),
    ),
  ];
}

/** A post published on X, what X said about it and when, and whether it has matured. */
export type PolledPost = {
  /** Its status is where the post ends: `evaluating` stays tracked, anything else has matured (or gone further). */
  post: Post;
  metrics: PostMetrics;
  score: number;
  /** When X answered. At or after the post's maturity time, a post still evaluating matures on the next run. */
  polledAt: number;
  /** When it matured (required for any status but `evaluating`). */
  maturedAt?: number;
  /** Chosen as a bonus post when its week closed. */
  bonus?: boolean;
};

function groupBy<Item>(items: readonly Item[], keyOf: (item: Item) => string): Item[][] {
  const groups = new Map<string, Item[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups.values()];
}

/**
 * New posts that went the way the rewards engine takes them, through its own writers, in one batch's worth of
 * statements: published (inserted as `evaluating`), tracked, polled once, matured with their score, marked as
 * bonus posts, then moved to their status. Only for posts not stored yet: the steps after the insert would update
 * an existing post. Tracking takes every published post still evaluating, as the scheduler's next run would.
 */
export function polledPostsStatements(db: D1Database, posts: readonly PolledPost[], now: number): D1PreparedStatement[] {
  if (posts.length === 0) return [];
  const matured = posts.filter((item) => item.post.status !== "evaluating");
  for (const item of matured) {
    if (item.maturedAt === undefined) throw new Error(`${item.post.id} is ${item.post.status} but has not matured`);
  }
  return [
    ...publishedPostsStatements(
      db,
      posts.map((item) => ({ ...item.post, status: "evaluating" as const })),
      now,
    ),
    ...groupBy(posts, (item) => String(item.polledAt)).map((group) =>
      recordPolledMetricsStatement(
        db,
        group.map((item) => ({
          postId: item.post.id,
          ...item.metrics,
          readText: item.post.content,
          paidPartnership: true,
          score: item.score,
          polls: 1,
          nextPollAt: null,
        })),
        group[0]?.polledAt ?? now,
      ),
    ),
    ...groupBy(matured, (item) => String(item.maturedAt)).map((group) =>
      recordMaturedStatement(
        db,
        group.map((item) => ({ postId: item.post.id, score: item.score })),
        group[0]?.maturedAt ?? now,
      ),
    ),
    ...groupBy(
      posts.filter((item) => item.bonus === true),
      (item) => `${item.post.campaignId}#${item.post.campaignWeek}`,
    ).map((group) =>
      markBonusPostsStatement(
        db,
        group[0]?.post.campaignId ?? "",
        group[0]?.post.campaignWeek ?? 0,
        group.map((item) => item.post.id),
        now,
      ),
    ),
    ...(matured.length === 0
      ? []
      : [
          changePostStatusesStatement(db, {
            changes: matured.map((item) => ({ postId: item.post.id, status: item.post.status })),
            from: ["evaluating"],
            now,
          }),
        ]),
  ];
}
