import { Link } from "react-router";
import { useConsoleCampaigns } from "./api/get-campaigns";
import { consoleStatusText, timeLeftText } from "./form-values";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { DateTime } from "~/components/ui/date-time";
import { EmptyState } from "~/components/ui/empty-state";
import { Money } from "~/components/ui/money";
import { PageHeader } from "~/components/ui/page-header";
import { HealthBadge } from "~/components/ui/status-badge";
import type { AdvertiserCampaignsPage } from "@contracts/advertiser-campaigns.ts";
import "./advertiser-campaigns.css";

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included, and "New campaign". */
export function CampaignListPage({ page }: { page: AdvertiserCampaignsPage }) {
  const { account } = page;
  const campaigns = useConsoleCampaigns(account.id, { campaigns: page.campaigns, now: page.now });
  const base = `/advertiser/${encodeURIComponent(account.id)}/campaigns`;
  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow={<Link to="/advertiser">Advertiser accounts</Link>}
        title={`Campaigns of ${account.name}`}
        actions={
          <ButtonLink variant="primary" to={`${base}/new`}>
            New campaign
          </ButtonLink>
        }
      />
      {campaigns.data.campaigns.length === 0 ? (
        <EmptyState
          title="No campaigns yet"
          text="Create one: it stays a draft, seen only by your account and whoever has its preview link, until you publish it."
        />
      ) : (
        <ul className="advertiser-list" aria-label="Campaigns" aria-busy={campaigns.isFetching}>
          {campaigns.data.campaigns.map((campaign) => (
            <li key={campaign.id} className="advertiser-row console-campaign-row">
              <div>
                <Link to={`${base}/${encodeURIComponent(campaign.id)}`}>
                  <strong>{campaign.title}</strong>
                </Link>{" "}
                <Badge tone={campaign.draft ? "neutral" : "info"}>{consoleStatusText(campaign)}</Badge>
                <p className="advertiser-row-meta">
                  <DateTime value={campaign.startsAt} />
                  {" – "}
                  <DateTime value={campaign.endsAt} />
                  {` · ${timeLeftText(campaign.timeLeftMs)} · ${campaign.participantCount} creators`}
                </p>
                <p>
                  <Link to={`${base}/${encodeURIComponent(campaign.id)}/invitations`}>Funding and invitations</Link>
                  {" · "}
                  <Link to={`${base}/${encodeURIComponent(campaign.id)}/report`}>Report</Link>
                </p>
              </div>
              <dl className="console-facts">
                <div>
                  <dt>Health</dt>
                  <dd>
                    <HealthBadge health={campaign.health} />
                  </dd>
                </div>
                <div>
                  <dt>Spent</dt>
                  <dd>
                    <Money amount={campaign.spent} currency={campaign.rewardCurrency} />
                    {" of "}
                    <Money amount={campaign.funded} currency={campaign.rewardCurrency} />
                  </dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
