import { Link } from "react-router";
import type { CampaignFunding } from "@contracts/advertiser-funding.ts";
import { failureText } from "~/lib/failure-text";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { DateTime } from "~/components/ui/date-time";
import { Money } from "~/components/ui/money";
import { Notice } from "~/components/ui/notice";
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
    <Card title="Funding" className="campaign-funding">
      {funding.fundedAt !== null ? (
        <p>
          {"Funded on "}
          <DateTime value={funding.fundedAt} />
          {": "}
          <Money amount={funding.needed} currency={funding.currency} />
          {" in the campaign's pools."}
        </p>
      ) : (
        <>
          <p>
            {"The campaign's pools take "}
            <Money amount={funding.needed} currency={funding.currency} />
            {" (weekly pool × weeks + bonus pool); the account has "}
            <Money amount={funding.available} currency={funding.currency} />
            {". "}
            It cannot start until it is funded.
          </p>
          {funding.missing > 0 ? (
            <Notice tone="warning" announce="none">
              {"You need "}
              <Money amount={funding.missing} currency={funding.currency} />
              {" more. "}
              <Link to={`/advertiser/${encodeURIComponent(advertiserId)}/funds`}>Add funds</Link>
            </Notice>
          ) : null}
          <div className="advertiser-form-actions">
            <Button
              variant="primary"
              busy={fund.isPending}
              busyLabel="Funding…"
              disabled={funding.missing > 0}
              onClick={() => fund.mutate()}
            >
              Fund campaign
            </Button>
          </div>
          {fund.isError ? <Notice tone="danger" announce="alert">{`Not funded: ${failureText(fund.error)}`}</Notice> : null}
        </>
      )}
    </Card>
  );
}
