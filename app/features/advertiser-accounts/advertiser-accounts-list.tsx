import type { Membership } from "@contracts/advertisers.ts";
import { Badge } from "~/components/ui/badge";
import { ButtonLink } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { EmptyState } from "~/components/ui/empty-state";
import "./advertiser-accounts.css";

const roleLabels = { owner: "Owner", member: "Member" } as const;

/** The advertiser accounts a person belongs to, or the empty state saying how one joins. */
export function AdvertiserAccountsList({ accounts }: { accounts: Membership[] }) {
  if (accounts.length === 0) {
    return (
      <EmptyState
        title="You are not a member of an advertiser account yet"
        text="Membership comes by invitation only: ask an owner or member of your company's account, or the Chorus team, for an invitation link. Open it while signed in with this X account and accept it; the account then appears here."
      />
    );
  }
  return (
    <ul className="advertiser-accounts" aria-label="Your advertiser accounts">
      {accounts.map(({ advertiser, role }) => {
        const base = `/advertiser/${encodeURIComponent(advertiser.id)}`;
        return (
          <Card as="li" key={advertiser.id} className="advertiser-account">
            <div>
              <h2 className="advertiser-account-name">{advertiser.name}</h2>
              {advertiser.tagline ? <p className="advertiser-account-tagline">{advertiser.tagline}</p> : null}
              <p className="advertiser-account-facts">
                <Badge tone="info">{roleLabels[role]}</Badge>
                {advertiser.websiteUrl ? (
                  <a href={advertiser.websiteUrl} target="_blank" rel="noopener noreferrer">
                    {new URL(advertiser.websiteUrl).host}
                  </a>
                ) : null}
              </p>
            </div>
            <div className="advertiser-account-links">
              <ButtonLink size="small" variant="primary" to={`${base}/campaigns`}>
                {`Campaigns of ${advertiser.name}`}
              </ButtonLink>
              <ButtonLink size="small" to={`${base}/members`}>
                {`Members of ${advertiser.name}`}
              </ButtonLink>
              <ButtonLink size="small" to={`${base}/funds`}>
                {`Funds of ${advertiser.name}`}
              </ButtonLink>
              <ButtonLink size="small" to={`${base}/reports`}>
                {`Reports for ${advertiser.name}`}
              </ButtonLink>
              <ButtonLink size="small" to={`${base}/api-keys`}>
                {`API keys of ${advertiser.name}`}
              </ButtonLink>
            </div>
          </Card>
        );
      })}
    </ul>
  );
}
