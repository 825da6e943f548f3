import type { Route } from "./+types/advertiser-reviews";
import { ReviewsPage } from "~/features/advertiser-review/reviews-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserReviewsPage } from "@loaders/advertiser-reviews.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Review of ${loaderData.account.name}` : "Review", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserReviewsPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserReviews({ loaderData }: Route.ComponentProps) {
  return <ReviewsPage key={loaderData.account.id} page={loaderData} />;
}
