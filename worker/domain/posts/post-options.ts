import { inNetworkOrder } from "../../contracts/campaign-networks.ts";
import type { PostOptions } from "../../contracts/posts.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { listJoinedOpenCampaigns } from "../../db/memberships.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import type { NetworkDeps } from "../networks/adapter.ts";
import { networksFor } from "../networks/registry.ts";

/**
 * What the post editor offers: the creator's joined campaigns that take posts now, with their networks and suggested
 * posts, and the networks among theirs that the creator has an account on. Only those networks' adapters are asked
 * (a creator whose campaigns all run on X never loads Bluesky's).
 */
export async function postOptions(deps: NetworkDeps, userId: string): Promise<PostOptions> {
  const { db, clock } = deps;
  const campaigns = await listJoinedOpenCampaigns(db, userId, currentCampaignStatuses, clock.now());
  const networks = networksFor(deps);
  const campaignNetworks = inNetworkOrder(campaigns.flatMap((campaign) => campaign.networks));
  const [suggestions, accounts] = await Promise.all([
    Promise.all(campaigns.map((campaign) => listSuggestions(db, campaign.id))),
    Promise.all(
      campaignNetworks.map(async (network) => {
        const adapter = networks(network);
        const hasAccount = await adapter.hasAccount(userId);
        return hasAccount ? [{ network, canPublish: await adapter.canPublish(userId) }] : [];
      }),
    ),
  ]);
  return {
    accounts: accounts.flat(),
    campaigns: campaigns.map((campaign, index) => ({
      id: campaign.id,
      title: campaign.title,
      advertiserName: campaign.advertiserName,
      status: campaign.status,
      endsAt: campaign.endsAt,
      requiredMentions: campaign.rules.requiredMentions,
      requiredHashtags: campaign.rules.requiredHashtags,
      requiredLink: campaign.rules.requiredLink,
      disclosure: campaign.disclosure,
      networks: campaign.networks,
      suggestions: (suggestions[index] ?? []).map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    })),
  };
}
