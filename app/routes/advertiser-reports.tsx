import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/advertiser-reports";
import { ReportPage } from "~/features/advertiser-reports/report-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserReportsPage } from "@loaders/advertiser-reports.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Reports for ${loaderData.report.advertiser.name}` : "Reports", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  const search = new URL(request.url).searchParams;
  const query = { from: search.get("from") ?? undefined, to: search.get("to") ?? undefined };
  return pageData(() => advertiserReportsPage(context.get(workerContext).capabilities, session.userId, params.advertiserId, query));
}

/** A new range is fetched in the browser (features/advertiser-reports): the loader runs again only for another page. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function AdvertiserReports({ loaderData }: Route.ComponentProps) {
  return <ReportPage key={loaderData.report.advertiser.id} page={loaderData} campaignId={null} />;
}
