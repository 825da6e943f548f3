import type { Capabilities } from "../../capabilities.ts";
import { notFound } from "../../contracts/errors.ts";
import type { CampaignPreviewPage } from "../../contracts/pages.ts";
import { findCampaignListingByPreviewToken } from "../../db/campaigns.ts";
import { poolBalances } from "../ledger/balances.ts";
import { campaignCard } from "./campaign-cards.ts";

/**
 * `/campaign-preview/{token}`: the campaign as creators will see it, for whoever holds the secret link — drafts too,
 * since showing a campaign before it is published is what a preview is for. A rotated token finds nothing.
 */
export async function campaignPreviewPage({ db }: Pick<Capabilities, "db">, previewToken: string): Promise<CampaignPreviewPage> {
  const campaign = await findCampaignListingByPreviewToken(db, previewToken);
  if (campaign === null) throw notFound("This preview link does not exist.");
  const pools = await poolBalances(db, [campaign.id]);
  return { campaign: { ...campaignCard(campaign, false, pools[campaign.id]), description: campaign.description } };
}
