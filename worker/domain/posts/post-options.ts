import type { Clock } from "../../clock.ts";
import type { PostOptions } from "../../contracts/posts.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { listJoinedOpenCampaigns } from "../../db/posts.ts";
import { listSuggestions } from "../../db/suggestions.ts";
import { canPublishOnX } from "./publishing-access.ts";
import type { Database } from "../../database.ts";

/** What the post editor offers: the creator's joined campaigns that take posts now, with their suggested posts. */
export async function postOptions({ db, clock }: { db: Database; clock: Clock }, userId: string): Promise<PostOptions> {
  const [campaigns, canPublish] = await Promise.all([
    listJoinedOpenCampaigns(db, userId, currentCampaignStatuses, clock.now()),
    canPublishOnX(db, userId),
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
