import { Link } from "react-router";
import type { Membership } from "@contracts/advertisers.ts";
import "./advertiser-accounts.css";

const roleLabels = { owner: "Owner", member: "Member" } as const;

/** The advertiser accounts a person belongs to, or the empty state saying how one joins. */
export function AdvertiserAccountsList({ accounts }: { accounts: Membership[] }) {
  if (accounts.length === 0) {
    return (
      <div className="empty-state advertiser-empty">
        <p>
          <strong>You are not a member of an advertiser account yet.</strong>
        </p>
        <p>
          Membership comes by invitation only: ask an owner or member of your company's account, or the Chorus team, for an invitation link.
          Open it while signed in with this X account and accept it; the account then appears here.
        </p>
      </div>
    );
  }
  return (
    <ul className="advertiser-accounts" aria-label="Your advertiser accounts">
      {accounts.map(({ advertiser, role }) => (
        <li key={advertiser.id} className="card advertiser-account">
          <div>
            <h2 className="advertiser-account-name">{advertiser.name}</h2>
            {advertiser.tagline ? <p className="muted">{advertiser.tagline}</p> : null}
            <p className="small">
              <span className="advertiser-role">{roleLabels[role]}</span>
              {advertiser.websiteUrl ? (
                <>
                  {" · "}
                  <a href={advertiser.websiteUrl} target="_blank" rel="noopener noreferrer">
                    {new URL(advertiser.websiteUrl).host}
                  </a>
                </>
              ) : null}
            </p>
          </div>
          <div className="advertiser-account-links">
            <Link className="button button-small" to={`/advertiser/${encodeURIComponent(advertiser.id)}/campaigns`}>
              {`Campaigns of ${advertiser.name}`}
            </Link>
            <Link className="button button-small" to={`/advertiser/${encodeURIComponent(advertiser.id)}/members`}>
              {`Members of ${advertiser.name}`}
            </Link>
            <Link className="button button-small" to={`/advertiser/${encodeURIComponent(advertiser.id)}/funds`}>
              {`Funds of ${advertiser.name}`}
            </Link>
            <Link className="button button-small" to={`/advertiser/${encodeURIComponent(advertiser.id)}/reports`}>
              {`Reports for ${advertiser.name}`}
            </Link>
            <Link className="button button-small" to={`/advertiser/${encodeURIComponent(advertiser.id)}/api-keys`}>
              {`API keys of ${advertiser.name}`}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
