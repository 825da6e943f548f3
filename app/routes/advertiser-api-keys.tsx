import type { Route } from "./+types/advertiser-api-keys";
import { ApiKeysPage } from "~/features/advertiser-api-keys/api-keys-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserApiKeysPage } from "@loaders/advertiser-api-keys.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `API keys of ${loaderData.account.name}` : "API keys", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserApiKeysPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserApiKeys({ loaderData }: Route.ComponentProps) {
  return <ApiKeysPage key={loaderData.account.id} page={loaderData} />;
}
