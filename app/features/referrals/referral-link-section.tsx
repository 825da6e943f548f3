import { CopyButton } from "~/components/ui/copy-button";
import type { CampaignPage } from "@contracts/pages.ts";

/**
 * On a campaign the creator joined: their referral link, copied from here, and the clicks it brought, from the page's
 * own data. A conversion the advertiser reports with the click id is credited to them
 * (docs/decisions/043-referral-links.md).
 */
export function ReferralLinkSection({ referral }: { referral: NonNullable<CampaignPage["referral"]> }) {
  return (
    <section aria-labelledby="referral-link">
      <h2 id="referral-link">Your referral link</h2>
      <p>
        <code>{referral.url}</code> <CopyButton text={referral.url} label="Copy referral link" />
      </p>
      <p className="muted small">
        {`${referral.clicks === 1 ? "1 click" : `${referral.clicks} clicks`} so far. `}
        {referral.destinationHost === null
          ? "It opens this campaign's page until the advertiser sets where it leads."
          : `Visitors go to ${referral.destinationHost}; what they do there within ${referral.attributionWindowDays} days counts for you.`}
      </p>
    </section>
  );
}
