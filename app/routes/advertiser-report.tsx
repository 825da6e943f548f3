import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/advertiser-report";
import { ReportPage } from "~/features/advertiser-reports/report-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserReportPage } from "@loaders/advertiser-report.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData?.report.campaign ? `Report: ${loaderData.report.campaign.title}` : "Campaign report", matches });

/** Server-rendered for members of the account; anyone else (or another account's campaign) gets "Page Not Found". */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const session = requireSession(context);
  const search = new URL(request.url).searchParams;
  const query = { from: search.get("from") ?? undefined, to: search.get("to") ?? undefined };
  return pageData(() =>
    advertiserReportPage(context.get(workerContext).capabilities, session.userId, params.advertiserId, params.campaignId, query),
  );
}

/** A new range is fetched in the browser (features/advertiser-reports): the loader runs again only for another page. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export default function AdvertiserReport({ loaderData, params }: Route.ComponentProps) {
  return <ReportPage key={`${params.advertiserId}/${params.campaignId}`} page={loaderData} campaignId={params.campaignId} />;
}
