import type { CampaignListing } from "../../worker/db/campaigns.ts";
import { formatAmount, formatDate } from "~/lib/format";
import { Markdown } from "./markdown";
import { StatusBadge } from "./status-badge";

/** The public facts of a campaign, shared by the campaign page and its preview. */
export function CampaignDetails({ campaign }: { campaign: CampaignListing }) {
  return (
    <article className="campaign-details">
      <header className="page-heading">
        <p className="muted">
          <StatusBadge status={campaign.status} /> {campaign.advertiserName}
          {campaign.visibility === "invite-only" ? " · Invite only" : ""}
        </p>
        <h1>{campaign.title}</h1>
      </header>
      <dl className="facts facts-wide">
        <div>
          <dt>Runs</dt>
          <dd>
            {formatDate(campaign.startsAt)} – {formatDate(campaign.endsAt)}
          </dd>
        </div>
        <div>
          <dt>Reward pool per week</dt>
          <dd>{formatAmount(campaign.weeklyPool, campaign.rewardCurrency)}</dd>
        </div>
        <div>
          <dt>Bonus pool</dt>
          <dd>{formatAmount(campaign.bonusPool, campaign.rewardCurrency)}</dd>
        </div>
        <div>
          <dt>Creators</dt>
          <dd>{campaign.participantCount}</dd>
        </div>
      </dl>
      <section aria-labelledby="about-campaign">
        <h2 id="about-campaign">About this campaign</h2>
        <Markdown source={campaign.description} className="prose" />
      </section>
    </article>
  );
}
