import type { Route } from "./+types/advertiser-funds";
import { FundsPage } from "~/features/advertiser-funding/funds-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserFundsPage } from "@loaders/advertiser-funds.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Funds of ${loaderData.account.name}` : "Funds", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserFundsPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserFunds({ loaderData }: Route.ComponentProps) {
  return <FundsPage key={loaderData.account.id} page={loaderData} />;
}
