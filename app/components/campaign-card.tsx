import { Link } from "react-router";
import type { CampaignListing } from "../../worker/db/campaigns.ts";
import { formatAmount, formatRelative } from "~/lib/format";
import { AppIcon } from "./app-icon";
import { StatusBadge } from "./status-badge";

export type CampaignCardData = Pick<
  CampaignListing,
  "id" | "title" | "advertiserName" | "status" | "startsAt" | "endsAt" | "weeklyPool" | "rewardCurrency" | "participantCount"
>;

function nextDeadline(campaign: CampaignCardData, now: number): string {
  if (campaign.startsAt > now) return `Starts ${formatRelative(campaign.startsAt, now)}`;
  if (campaign.endsAt > now) return `Ends ${formatRelative(campaign.endsAt, now)}`;
  return `Ended ${formatRelative(campaign.endsAt, now)}`;
}

export function CampaignCard({ campaign, now }: { campaign: CampaignCardData; now: number }) {
  return (
    <article className="card campaign-card">
      <header>
        <StatusBadge status={campaign.status} />
        <p className="muted">{campaign.advertiserName}</p>
      </header>
      <h3>
        <Link to={`/campaign/${campaign.id}`}>{campaign.title}</Link>
      </h3>
      <dl className="facts">
        <div>
          <dt>Weekly pool</dt>
          <dd>{formatAmount(campaign.weeklyPool, campaign.rewardCurrency)}</dd>
        </div>
        <div>
          <dt>Creators</dt>
          <dd>{campaign.participantCount}</dd>
        </div>
      </dl>
      <p className="deadline">
        <AppIcon name="lucide:clock" size={16} />
        {nextDeadline(campaign, now)}
      </p>
    </article>
  );
}

export function CampaignGrid({
  campaigns,
  now,
  emptyMessage,
}: {
  campaigns: CampaignCardData[];
  now: number;
  emptyMessage: string;
}) {
  if (campaigns.length === 0) return <p className="empty-state">{emptyMessage}</p>;
  return (
    <ul className="campaign-grid">
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} now={now} />
        </li>
      ))}
    </ul>
  );
}
