import type { Route } from "./+types/invitation";
import { InvitationPage } from "~/features/campaigns/invitation-page";
import { seo } from "~/lib/seo";
import { pageData } from "~/lib/page-data.server";
import { workerContext } from "~/worker-context";
import { invitationPage } from "@loaders/invitation.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo({
    title: loaderData ? `You're invited: ${loaderData.campaign.title}` : "Invitation",
    description: loaderData ? `${loaderData.inviter.name} invites you to post about ${loaderData.campaign.title}.` : undefined,
    matches,
  }),
  { name: "robots", content: "noindex" },
];

/** Public: the invitation page is reachable by its token without signing in (same data as the API). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { capabilities } = context.get(workerContext);
  return pageData(() => invitationPage(capabilities, params.publicToken));
}

export default function Invitation({ loaderData }: Route.ComponentProps) {
  return <InvitationPage page={loaderData} />;
}
