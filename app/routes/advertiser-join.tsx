import { useLocation } from "react-router";
import type { Route } from "./+types/advertiser-join";
import { JoinInvitation } from "~/features/advertiser-accounts/join-invitation";
import { AppProviders } from "~/components/app-providers";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserJoinPage } from "@loaders/advertiser-join.server.ts";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seo({
    title: loaderData?.kind === "invitation" ? `Join ${loaderData.invitation.advertiser.name}` : "Advertiser invitation",
    matches,
  }),
  { name: "robots", content: "noindex" },
];

/** Public: the link works before signing in (the page then offers the advertiser login, coming back here). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return advertiserJoinPage(context.get(workerContext).capabilities, params.token);
}

export default function AdvertiserJoin({ loaderData, params }: Route.ComponentProps) {
  const location = useLocation();
  return (
    <AppProviders>
      <JoinInvitation page={loaderData} token={params.token} path={location.pathname} />
    </AppProviders>
  );
}
