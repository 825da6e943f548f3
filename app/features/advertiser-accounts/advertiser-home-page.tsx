import { useSearchParams } from "react-router";
import type { AdvertiserHomePage as AdvertiserHomePageData } from "@contracts/advertisers.ts";
import { AdvertiserAccountsList } from "./advertiser-accounts-list";
import "~/styles/advertisers.css";

/** `/advertiser`: the advertiser accounts of the signed-in person, with a welcome after joining one (`?joined=`). */
export function AdvertiserHomePage({ accounts }: AdvertiserHomePageData) {
  const [search] = useSearchParams();
  const joined = accounts.find((item) => item.advertiser.id === search.get("joined"));
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
      <AdvertiserAccountsList accounts={accounts} />
    </div>
  );
}
