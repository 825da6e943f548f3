import type { Capabilities } from "../capabilities.ts";
import { notFound } from "../contracts/errors.ts";
import type { LandingPage } from "../contracts/pages.ts";
import { advertiserBySlugQuery } from "../db/advertisers.ts";
import { advertiserCurrentCampaignCardsQuery } from "../db/campaigns.ts";
import { runBatch } from "../db/query.ts";
import { campaignCard } from "./shared/campaign-cards.server.ts";

/** `/landing/{advertiser}`: the advertiser's public page with its live public campaigns, read in one round trip. */
export async function landingPage(
  { db, clock, timings }: Pick<Capabilities, "db" | "clock" | "timings">,
  slug: string,
): Promise<LandingPage> {
  const [advertiser, campaigns] = await timings.measure("q-landing", () =>
    runBatch(db, [advertiserBySlugQuery(db, slug), advertiserCurrentCampaignCardsQuery(db, slug.toLowerCase())]),
  );
  if (advertiser === null) throw notFound(`There is no advertiser ${slug}.`);
  return {
    advertiser: {
      id: advertiser.id,
      slug: advertiser.slug,
      name: advertiser.name,
      tagline: advertiser.tagline,
      websiteUrl: advertiser.websiteUrl,
    },
    campaigns: campaigns.map((campaign) => campaignCard(campaign, false)),
    now: clock.now(),
  };
}
