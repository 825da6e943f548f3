import type { Capabilities } from "../../capabilities.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { listJoinedCampaigns } from "../../db/campaigns.ts";

/** The creator's joined campaigns that are running (active or ending): the ones a post can go to. */
export async function currentCampaignsOf({ db }: Pick<Capabilities, "db">, userId: string, limit: number) {
  const campaigns = await listJoinedCampaigns(db, userId, currentCampaignStatuses, limit);
  return campaigns.map((campaign) => ({ id: campaign.id, title: campaign.title, status: campaign.status, endsAt: campaign.endsAt }));
}
