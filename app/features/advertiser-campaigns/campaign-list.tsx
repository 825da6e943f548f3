import { Link } from "react-router";
import { useConsoleCampaigns } from "./api/get-campaigns";
import { consoleStatusText, timeLeftText } from "./form-values";
import { formatAmount, formatDate } from "~/lib/format";
import type { AdvertiserCampaignsPage } from "@contracts/advertiser-campaigns.ts";
import "~/styles/advertisers.css";
import "./advertiser-campaigns.css";

const healthLabels = { good: "Good", moderate: "Moderate", unhealthy: "Unhealthy", unknown: "No data yet" } as const;

/** `/advertiser/{advertiserId}/campaigns`: the account's campaigns, drafts included, and "New campaign". */
export function CampaignListPage({ page }: { page: AdvertiserCampaignsPage }) {
  const { account } = page;
  const campaigns = useConsoleCampaigns(account.id, { campaigns: page.campaigns, now: page.now });
  const base = `/advertiser/${encodeURIComponent(account.id)}/campaigns`;
  return (
    <div className="advertiser-page">
      <section className="page-heading campaign-console-heading">
        <div>
          <p className="eyebrow">
            <Link to="/advertiser">Advertiser accounts</Link>
          </p>
          <h1>{`Campaigns of ${account.name}`}</h1>
        </div>
        <Link className="button button-primary" to={`${base}/new`}>
          New campaign
        </Link>
      </section>
      {campaigns.data.campaigns.length === 0 ? (
        <div className="empty-state">
          <p>
            <strong>No campaigns yet.</strong>
          </p>
          <p>Create one: it stays a draft, seen only by your account and whoever has its preview link, until you publish it.</p>
        </div>
      ) : (
        <ul className="advertiser-list" aria-label="Campaigns" aria-busy={campaigns.isFetching}>
          {campaigns.data.campaigns.map((campaign) => (
            <li key={campaign.id} className="advertiser-row console-campaign-row">
              <div>
                <Link to={`${base}/${encodeURIComponent(campaign.id)}`}>
                  <strong>{campaign.title}</strong>
                </Link>{" "}
                <span className={`console-badge ${campaign.draft ? "console-badge-draft" : ""}`}>{consoleStatusText(campaign)}</span>
                <p className="small muted">
                  {`${formatDate(campaign.startsAt)} – ${formatDate(campaign.endsAt)} · ${timeLeftText(campaign.timeLeftMs)} · ${campaign.participantCount} creators`}
                </p>
                <p className="small">
                  <Link to={`${base}/${encodeURIComponent(campaign.id)}/invitations`}>Funding and invitations</Link>
                  {" · "}
                  <Link to={`${base}/${encodeURIComponent(campaign.id)}/report`}>Report</Link>
                </p>
              </div>
              <dl className="console-facts">
                <div>
                  <dt>Health</dt>
                  <dd>{healthLabels[campaign.health]}</dd>
                </div>
                <div>
                  <dt>Spent</dt>
                  <dd>{`${formatAmount(campaign.spent, campaign.rewardCurrency)} of ${formatAmount(campaign.funded, campaign.rewardCurrency)}`}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
