import { CopyButton } from "~/components/ui/copy-button";
import { errorText } from "~/lib/error-text";
import { useReferralLink } from "./api/referral-link";

/**
 * On a campaign the creator joined: their referral link, copied from here, and the clicks it brought. A conversion
 * the advertiser reports with the click id is credited to them (docs/decisions/043-referral-links.md).
 */
export function ReferralLinkSection({ campaignId }: { campaignId: string }) {
  const link = useReferralLink(campaignId);
  const data = link.data;
  return (
    <section aria-labelledby="referral-link">
      <h2 id="referral-link">Your referral link</h2>
      {data === undefined ? (
        <p className="muted small">{link.isError ? errorText(link.error) : "Loading…"}</p>
      ) : (
        <>
          <p>
            <code>{data.url}</code> <CopyButton text={data.url} label="Copy referral link" />
          </p>
          <p className="muted small">
            {`${data.clicks === 1 ? "1 click" : `${data.clicks.toLocaleString("en-US")} clicks`} so far. `}
            {data.destinationUrl === null
              ? "It opens this campaign's page until the advertiser sets where it leads."
              : `Visitors go to ${new URL(data.destinationUrl).host}; what they do there within ${data.attributionWindowDays} days counts for you.`}
          </p>
        </>
      )}
    </section>
  );
}
