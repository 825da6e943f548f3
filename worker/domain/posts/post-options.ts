import type { PostOptions } from "../../contracts/posts.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { listJoinedOpenCampaigns } from "../../db/posts.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import { networksFor, type NetworkDeps } from "../networks/registry.ts";

/** What the post editor offers: the creator's joined campaigns that take posts now, with their suggested posts. */
export async function postOptions(deps: NetworkDeps, userId: string): Promise<PostOptions> {
  const { db, clock } = deps;
  const [campaigns, canPublish] = await Promise.all([
    listJoinedOpenCampaigns(db, userId, currentCampaignStatuses, clock.now()),
    networksFor(deps)("x").canPublish(userId),
  ]);
  const suggestions = await Promise.all(campaigns.map((campaign) => listSuggestions(db, campaign.id)));
  return {
    canPublishOnX: canPublish,
    campaigns: campaigns.map((campaign, index) => ({
      id: campaign.id,
      title: campaign.title,
      advertiserName: campaign.advertiserName,
      status: campaign.status,
      endsAt: campaign.endsAt,
      requiredMentions: campaign.rules.requiredMentions,
      requiredHashtags: campaign.rules.requiredHashtags,
      requiredLink: campaign.rules.requiredLink,
      suggestions: (suggestions[index] ?? []).map((suggestion) => ({ id: suggestion.id, text: suggestion.text })),
    })),
  };
}
