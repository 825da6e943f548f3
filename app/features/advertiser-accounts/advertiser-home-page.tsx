import { useSearchParams } from "react-router";
import type { AdvertiserHomePage as AdvertiserHomePageData } from "@contracts/advertisers.ts";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { AdvertiserAccountsList } from "./advertiser-accounts-list";

/** `/advertiser`: the advertiser accounts of the signed-in person, with a welcome after joining one (`?joined=`). */
export function AdvertiserHomePage({ accounts }: AdvertiserHomePageData) {
  const [search] = useSearchParams();
  const joined = accounts.find((item) => item.advertiser.id === search.get("joined"));
  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow="Advertiser console"
        title="Advertiser accounts"
        description="The advertiser accounts you belong to. Each one has its own members, campaigns and reports."
      />
      {joined === undefined ? null : (
        <Notice tone="success">{`Welcome: you are now ${joined.role === "owner" ? "an owner" : "a member"} of ${joined.advertiser.name}.`}</Notice>
      )}
      <AdvertiserAccountsList accounts={accounts} />
    </div>
  );
}
