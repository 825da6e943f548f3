import type { Route } from "./+types/advertiser";
import { AdvertiserHomePage } from "~/features/advertiser-accounts/advertiser-home-page";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserHomePage } from "@loaders/advertiser.server.ts";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Advertiser accounts", matches });

/** Server-rendered: the advertiser accounts of the signed-in person. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return advertiserHomePage(context.get(workerContext).capabilities, session.userId);
}

export default function AdvertiserHome({ loaderData }: Route.ComponentProps) {
  return <AdvertiserHomePage {...loaderData} />;
}
