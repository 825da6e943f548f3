import { Link } from "react-router";
import type { CampaignCard as CampaignCardData, StandingView } from "@contracts/pages.ts";
import { formatAmount, formatList, formatRelative } from "~/lib/format";
import { AppIcon } from "~/components/app-icon";
import { HealthBadge, StatusBadge } from "~/components/ui/status-badge";
import "./campaigns.css";
import { Badge } from "~/components/ui/badge";

export type { CampaignCardData };

export function nextDeadline(campaign: Pick<CampaignCardData, "startsAt" | "endsAt">, now: number): string {
  if (campaign.startsAt > now) return `Starts ${formatRelative(campaign.startsAt, now)}`;
  if (campaign.endsAt > now) return `Ends ${formatRelative(campaign.endsAt, now)}`;
  return `Ended ${formatRelative(campaign.endsAt, now)}`;
}

function StandingLine({ standing }: { standing: StandingView }) {
  if (standing.posts === 0) return <p className="standing muted">No posts yet</p>;
  const eligible = (standing.byStatus.eligible ?? 0) + (standing.byStatus["eligible-bonus"] ?? 0);
  const rewarded = (standing.byStatus.rewarded ?? 0) + (standing.byStatus.paid ?? 0) + (standing.byStatus["paid-bonus"] ?? 0);
  const parts = [`${standing.posts} ${standing.posts === 1 ? "post" : "posts"}`];
  if (eligible > 0) parts.push(`${eligible} eligible`);
  if (rewarded > 0) parts.push(`${rewarded} rewarded`);
  return <p className="standing">{parts.join(" · ")}</p>;
}

export function CampaignCard({ campaign, now, standing }: { campaign: CampaignCardData; now: number; standing?: StandingView }) {
  return (
    <article className="card campaign-card">
      <header>
        <StatusBadge status={campaign.status} />
        {campaign.joined ? <Badge tone="info">Joined</Badge> : null}
        <Badge>
          <span className="ui-visually-hidden">Runs on </span>
          {formatList(campaign.networks.map((network) => network.name))}
        </Badge>
        <p className="muted advertiser">{campaign.advertiserName}</p>
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
          <dt>Left in pools</dt>
          <dd>{campaign.pool.funded === 0 ? "Not funded yet" : formatAmount(campaign.pool.remaining, campaign.rewardCurrency)}</dd>
        </div>
        <div>
          <dt>Creators</dt>
          <dd>{campaign.participantCount}</dd>
        </div>
        <div>
          <dt>Health</dt>
          <dd>
            <HealthBadge health={campaign.health} />
          </dd>
        </div>
      </dl>
      {standing === undefined ? null : <StandingLine standing={standing} />}
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
  campaigns: (CampaignCardData & { standing?: StandingView })[];
  now: number;
  emptyMessage: React.ReactNode;
}) {
  if (campaigns.length === 0) return <p className="empty-state">{emptyMessage}</p>;
  return (
    <ul className="campaign-grid">
      {campaigns.map((campaign) => (
        <li key={campaign.id}>
          <CampaignCard campaign={campaign} now={now} standing={campaign.standing} />
        </li>
      ))}
    </ul>
  );
}
