import type { Route } from "./+types/advertiser-members";
import { MembersPage } from "~/features/advertiser-members/members-page";
import { pageData } from "~/lib/page-data.server";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserMembersPage } from "@loaders/advertiser-members.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seo({ title: loaderData ? `Members of ${loaderData.account.name}` : "Members", matches });

/** Server-rendered for members of the account; anyone else gets "Page Not Found", as for an unknown account. */
export async function loader({ context, params }: Route.LoaderArgs) {
  const session = requireSession(context);
  return pageData(() => advertiserMembersPage(context.get(workerContext).capabilities, session.userId, params.advertiserId));
}

export default function AdvertiserMembers({ loaderData }: Route.ComponentProps) {
  return <MembersPage key={loaderData.account.id} page={loaderData} />;
}
