import { useSearchParams } from "react-router";
import type { Route } from "./+types/advertiser";
import { AdvertiserAccountsList } from "~/features/advertiser-accounts/advertiser-accounts-list";
import { requireSession } from "~/lib/session.server";
import { seo } from "~/lib/seo";
import { workerContext } from "~/worker-context";
import { advertiserHomePage } from "../../worker/domain/pages/advertiser-home.ts";
import "~/styles/advertisers.css";

export const meta: Route.MetaFunction = ({ matches }) => seo({ title: "Advertiser accounts", matches });

/** Server-rendered: the advertiser accounts of the signed-in person. */
export async function loader({ context }: Route.LoaderArgs) {
  const session = requireSession(context);
  return advertiserHomePage(context.get(workerContext).capabilities, session.userId);
}

export default function AdvertiserHome({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const joined = loaderData.accounts.find((item) => item.advertiser.id === search.get("joined"));
  return (
    <div className="advertiser-page">
      <section className="page-heading">
        <div>
          <h1>Advertiser accounts</h1>
          <p className="lead">The advertiser accounts you belong to. Each one has its own members, campaigns and reports.</p>
        </div>
      </section>
      {joined === undefined ? null : (
        <p role="status" className="notice notice-success">
          {`Welcome: you are now ${joined.role === "owner" ? "an owner" : "a member"} of ${joined.advertiser.name}.`}
        </p>
      )}
      <AdvertiserAccountsList accounts={loaderData.accounts} />
    </div>
  );
}
