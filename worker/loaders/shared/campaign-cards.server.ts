import type { Capabilities } from "../../capabilities.ts";
import type { CampaignCard, PostSummary, StandingView } from "../../contracts/pages.ts";
import { networkNames } from "../../contracts/networks/names.ts";
import type { CampaignCardSummary } from "../../db/campaigns.ts";
import type { PostedCampaign } from "../../db/memberships.ts";
import { postSummariesQuery, type CampaignPostSummary } from "../../db/posts.ts";
import { runBatch } from "../../db/query.ts";
import type { TimingName } from "../../timings.ts";
import { claimablePosts, type Standing } from "../../domain/campaigns/participation.ts";

/** A campaign as every list shows it: its facts, the networks it runs on, whether the creator joined, its health and its pools. */
export function campaignCard(campaign: CampaignCardSummary, joined: boolean): CampaignCard {
  return {
    id: campaign.id,
    title: campaign.title,
    advertiserId: campaign.advertiserId,
    advertiserName: campaign.advertiserName,
    advertiserSlug: campaign.advertiserSlug,
    status: campaign.status,
    visibility: campaign.visibility,
    startsAt: campaign.startsAt,
    endsAt: campaign.endsAt,
    weeklyPool: campaign.weeklyPool,
    bonusPool: campaign.bonusPool,
    rewardCurrency: campaign.rewardCurrency,
    participantCount: campaign.participantCount,
    joined,
    health: campaign.health,
    pool: { funded: campaign.pool.funded, remaining: campaign.pool.remaining },
    networks: campaign.networks.map((network) => ({ id: network, name: networkNames[network] })),
  };
}

/** The cards of `campaigns`, each marked joined when its id is among `joinedIds`. */
export const cardsOf = (campaigns: readonly CampaignCardSummary[], joinedIds: ReadonlySet<string>) =>
  campaigns.map((campaign) => campaignCard(campaign, joinedIds.has(campaign.id)));

export function standingView(standing: Standing | undefined): StandingView {
  return { posts: standing?.posts ?? 0, byStatus: standing?.byStatus ?? {}, claimable: claimablePosts(standing) };
}

/** A campaign's posts as pages show them, with the title of the campaign they are in (from its card). */
export function titledPosts(posts: readonly CampaignPostSummary[], campaignTitle: string): PostSummary[] {
  return posts.map((post) => ({ ...post, campaignTitle }));
}

/**
 * The creator's latest posts in `campaign`, the one they posted in last (none when they have not posted): a read of
 * that campaign's store after the catalog's, measured as `timing`.
 */
export async function latestPostsIn(
  { db, timings }: Pick<Capabilities, "db" | "timings">,
  userId: string,
  campaign: PostedCampaign | undefined,
  limit: number,
  timing: TimingName,
): Promise<PostSummary[]> {
  if (campaign === undefined) return [];
  const [posts] = await timings.measure(timing, () => runBatch(db, [postSummariesQuery(db, userId, campaign.campaignId, limit)]));
  return titledPosts(posts, campaign.title);
}
