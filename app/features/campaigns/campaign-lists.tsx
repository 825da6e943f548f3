import { Link } from "react-router";
import type { CampaignCard, StandingView } from "@contracts/pages.ts";
import { ButtonLink } from "~/components/ui/button";
import { CampaignGrid } from "./campaign-card";

/** `/campaigns`: campaigns running now and starting soon. */
export function AllCampaignsPage({ current, upcoming, now }: { current: CampaignCard[]; upcoming: CampaignCard[]; now: number }) {
  return (
    <>
      <section className="page-heading">
        <h1>All Campaigns</h1>
        <p className="lead">
          Campaigns running now and starting soon. Looking for finished ones? See <Link to="/past-campaigns">past campaigns</Link>.
        </p>
      </section>
      <section aria-labelledby="running-now">
        <h2 id="running-now">Running now</h2>
        <CampaignGrid campaigns={current} now={now} emptyMessage="No campaign is running right now." />
      </section>
      <section aria-labelledby="starting-soon">
        <h2 id="starting-soon">Starting soon</h2>
        <CampaignGrid campaigns={upcoming} now={now} emptyMessage="Nothing is scheduled yet." />
      </section>
    </>
  );
}

/** `/past-campaigns`: ended campaigns, latest first, a page at a time, with the creator's own results in each. */
export function PastCampaignsPage({
  campaigns,
  olderCursor,
  now,
}: {
  campaigns: (CampaignCard & { standing: StandingView })[];
  olderCursor: string | null;
  now: number;
}) {
  return (
    <>
      <section className="page-heading">
        <h1>Past campaigns</h1>
        <p className="lead">Campaigns that have ended, with how your posts did. Rewards are final once a campaign is evaluated.</p>
      </section>
      <CampaignGrid campaigns={campaigns} now={now} emptyMessage="No campaign has ended yet." />
      {olderCursor === null ? null : (
        <p className="page-more">
          <ButtonLink to={`/past-campaigns?before=${encodeURIComponent(olderCursor)}`}>Older campaigns</ButtonLink>
        </p>
      )}
    </>
  );
}
