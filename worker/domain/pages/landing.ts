import type { Capabilities } from "../../capabilities.ts";
import { notFound } from "../../contracts/errors.ts";
import type { LandingPage } from "../../contracts/pages.ts";
import { currentCampaignStatuses } from "../../contracts/vocabulary.ts";
import { findAdvertiserBySlug } from "../../db/advertisers.ts";
import { listCampaignsByStatus } from "../../db/campaigns.ts";
import { cardsWithPools } from "./campaign-cards.ts";

/** `/landing/{advertiser}`: the advertiser's public page with its live public campaigns. */
export async function landingPage({ db, clock }: Pick<Capabilities, "db" | "clock">, slug: string): Promise<LandingPage> {
  const advertiser = await findAdvertiserBySlug(db, slug);
  if (advertiser === null) throw notFound(`There is no advertiser ${slug}.`);
  const campaigns = await listCampaignsByStatus(db, currentCampaignStatuses, { advertiserId: advertiser.id });
  return {
    advertiser: {
      id: advertiser.id,
      slug: advertiser.slug,
      name: advertiser.name,
      tagline: advertiser.tagline,
      websiteUrl: advertiser.websiteUrl,
    },
    campaigns: await cardsWithPools(db, campaigns, () => false),
    now: clock.now(),
  };
}
