import { CopyButton } from "~/components/ui/copy-button";
import type { CampaignPage } from "@contracts/pages.ts";

/**
 * On a campaign the creator joined: their referral link, copied from here, and the clicks it brought, from the page's
 * own data (docs/decisions/043-referral-links.md). Kept small: the campaign page is at the signed-in byte budget.
 */
export function ReferralLinkSection({ referral }: { referral: NonNullable<CampaignPage["referral"]> }) {
  return (
    <section aria-labelledby="referral-link">
      <h2 id="referral-link">Your referral link</h2>
      <p>
        <code>{referral.url}</code> <CopyButton text={referral.url} label="Copy referral link" />
      </p>
      <p className="muted small">{`Clicks so far: ${referral.clicks}`}</p>
    </section>
  );
}
