import type { ReactNode } from "react";
import type { CampaignCard, CampaignPreviewPage } from "@contracts/pages.ts";
import { formatAmount, formatDate } from "~/lib/format";
import { Markdown } from "~/components/markdown";
import { StatusBadge } from "~/components/ui/status-badge";

type FactsCampaign = Pick<CampaignCard, "startsAt" | "endsAt" | "weeklyPool" | "bonusPool" | "rewardCurrency" | "participantCount">;

/** When a campaign runs, what it pays per week and as bonus, and how many creators joined. */
export function CampaignFacts({ campaign, children }: { campaign: FactsCampaign; children?: ReactNode }) {
  return (
    <dl className="facts facts-wide">
      <div>
        <dt>Runs</dt>
        <dd>{`${formatDate(campaign.startsAt)} – ${formatDate(campaign.endsAt)}`}</dd>
      </div>
      <div>
        <dt>Reward per week</dt>
        <dd>{formatAmount(campaign.weeklyPool, campaign.rewardCurrency)}</dd>
      </div>
      <div>
        <dt>Bonus pool</dt>
        <dd>{formatAmount(campaign.bonusPool, campaign.rewardCurrency)}</dd>
      </div>
      {children}
      <div>
        <dt>Creators</dt>
        <dd>{campaign.participantCount}</dd>
      </div>
    </dl>
  );
}

/** The campaign's status, advertiser and title; `children` go under the title (a join button, say). */
export function CampaignHeading({
  campaign,
  children,
}: {
  campaign: Pick<CampaignCard, "status" | "advertiserName" | "visibility" | "title">;
  children?: ReactNode;
}) {
  return (
    <header className="page-heading">
      <p className="muted">
        <StatusBadge status={campaign.status} /> {campaign.advertiserName}
        {campaign.visibility === "invite-only" ? " · Invite only" : ""}
      </p>
      <h1>{campaign.title}</h1>
      {children}
    </header>
  );
}

/** The public facts of a campaign, as its preview shows them. */
export function CampaignDetails({ campaign }: { campaign: CampaignPreviewPage["campaign"] }) {
  return (
    <article className="campaign-details">
      <CampaignHeading campaign={campaign} />
      <CampaignFacts campaign={campaign} />
      <section aria-labelledby="about-campaign">
        <h2 id="about-campaign">About this campaign</h2>
        <Markdown source={campaign.description} className="prose" />
      </section>
    </article>
  );
}
