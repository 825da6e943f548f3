import type { Route } from "./+types/landing";
import { landingVariants, StandardLanding } from "~/features/campaigns/landing-page";
import { useLandingViewed } from "~/lib/analytics/hooks";
import { AnalyticsScope } from "~/lib/analytics/scope";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { landingPage } from "@loaders/landing.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData
    ? seo({ title: loaderData.advertiser.name, description: loaderData.advertiser.tagline || undefined, matches })
    : seo({ title: "Not found", matches });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { capabilities } = context.get(workerContext);
  return pageData(() => landingPage(capabilities, params.advertiser));
}

export default function Landing({ loaderData }: Route.ComponentProps) {
  const Variant = landingVariants[loaderData.advertiser.slug] ?? StandardLanding;
  const advertiserId = loaderData.advertiser.id;
  useLandingViewed({ advertiserId });
  return (
    <AnalyticsScope advertiserId={advertiserId}>
      <Variant {...loaderData} />
    </AnalyticsScope>
  );
}
