import { data } from "react-router";
import type { Route } from "./+types/landing";
import { landingVariants, StandardLanding } from "~/components/landing/landing-page";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { findAdvertiserBySlug } from "../../worker/db/advertisers.ts";
import { listCampaignsByStatus } from "../../worker/db/campaigns.ts";
import { currentCampaignStatuses } from "../../worker/contracts/vocabulary.ts";
import { cardsWithPools } from "../../worker/domain/campaigns/pages.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo({ title: loaderData.advertiser.name, description: loaderData.advertiser.tagline || undefined, matches })
    : seo({ title: "Not found", matches });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { env, clock } = context.get(workerContext);
  const advertiser = await findAdvertiserBySlug(env.DB, params.advertiser);
  if (advertiser === null) throw data(null, { status: 404 });
  const campaigns = await listCampaignsByStatus(env.DB, currentCampaignStatuses, { advertiserId: advertiser.id });
  return { advertiser, campaigns: await cardsWithPools(env.DB, campaigns, () => false), now: clock.now() };
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const Variant = landingVariants[loaderData.advertiser.slug] ?? StandardLanding;
  return <Variant {...loaderData} />;
}
