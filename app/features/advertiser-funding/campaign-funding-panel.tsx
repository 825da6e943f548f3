import { Link } from "react-router";
import type { CampaignFunding } from "@contracts/advertiser-funding.ts";
import { failureText } from "~/lib/failure-text";
import { formatAmount, formatDate } from "~/lib/format";
import { useFundCampaign } from "./api/fund-campaign";

/**
 * A campaign's funding: when it was funded, or what its pools take against what the account holds, and Fund campaign
 * (a campaign cannot start unfunded).
 */
export function CampaignFundingPanel({
  advertiserId,
  campaignId,
  funding,
}: {
  advertiserId: string;
  campaignId: string;
  funding: CampaignFunding;
}) {
  const fund = useFundCampaign(advertiserId, campaignId);
  return (
    <section aria-labelledby="funding-title" className="card">
      <h2 id="funding-title">Funding</h2>
      {funding.fundedAt !== null ? (
        <p>{`Funded on ${formatDate(funding.fundedAt)}: ${formatAmount(funding.needed, funding.currency)} in the campaign's pools.`}</p>
      ) : (
        <>
          <p>
            {`The campaign's pools take ${formatAmount(funding.needed, funding.currency)} (weekly pool × weeks + bonus pool); the account has ${formatAmount(funding.available, funding.currency)}. `}
            It cannot start until it is funded.
          </p>
          {funding.missing > 0 ? (
            <p className="notice">
              {`You need ${formatAmount(funding.missing, funding.currency)} more. `}
              <Link to={`/advertiser/${encodeURIComponent(advertiserId)}/funds`}>Add funds</Link>
            </p>
          ) : null}
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              disabled={fund.isPending || funding.missing > 0}
              onClick={() => fund.mutate()}
            >
              {fund.isPending ? "Funding…" : "Fund campaign"}
            </button>
          </div>
          {fund.isError ? <p role="alert" className="notice">{`Not funded: ${failureText(fund.error)}`}</p> : null}
        </>
      )}
    </section>
  );
}
