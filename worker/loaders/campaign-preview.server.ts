import type { Capabilities } from "../capabilities.ts";
import { notFound } from "../contracts/errors.ts";
import type { CampaignPreviewPage } from "../contracts/pages.ts";
import { campaignCardByPreviewTokenQuery } from "../db/campaigns.ts";
import { runBatch } from "../db/query.ts";
import { campaignCard } from "./shared/campaign-cards.server.ts";

/**
 * `/campaign-preview/{token}`: the campaign as creators will see it, for whoever holds the secret link — drafts too,
 * since showing a campaign before it is published is what a preview is for. A rotated token finds nothing.
 */
export async function campaignPreviewPage(
  { db, timings }: Pick<Capabilities, "db" | "timings">,
  previewToken: string,
): Promise<CampaignPreviewPage> {
  const [campaign] = await timings.measure("q-campaign-preview", () => runBatch(db, [campaignCardByPreviewTokenQuery(db, previewToken)]));
  if (campaign === null) throw notFound("This preview link does not exist.");
  return { campaign: { ...campaignCard(campaign, false), description: campaign.description } };
}
