import { Link } from "react-router";
import { CampaignSettingsCard } from "~/components/campaign-settings-card";
import { NumberField } from "~/components/ui/number-field";
import type { RiskSettings, RiskSettingsInput } from "@contracts/risk-review.ts";
import { reviewSettings } from "./api/review-settings";

type Draft = { reviewThreshold: string; reviewWindowHours: string };

const draftOf = (settings: RiskSettings): Draft => ({
  reviewThreshold: String(settings.reviewThreshold),
  reviewWindowHours: String(settings.reviewWindowHours),
});

/** A whole number as typed, or NaN (sent as such, for the server to name the field). */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

const inputOf = (draft: Draft): RiskSettingsInput => ({
  reviewThreshold: wholeNumber(draft.reviewThreshold),
  reviewWindowHours: wholeNumber(draft.reviewWindowHours),
});

/**
 * In the console, on a campaign: the risk score at which a commission is held for the account's review, and how long
 * one below it is watched before it is approved (docs/decisions/047-risk-and-review.md).
 */
export function ReviewSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  return (
    <CampaignSettingsCard
      kind={reviewSettings}
      advertiserId={advertiserId}
      campaignId={campaignId}
      title="Risk review"
      className="review-settings"
      intro={
        <>
          Each commission, and each post the weekly pool would pay, gets a risk score from 0 to 100 with its reasons (the creator&apos;s own
          wallet, a conversion seconds after its click, a new account, a flood of clicks, engagement that does not fit). At or above the
          threshold it waits for your decision on the{" "}
          <Link to={`/advertiser/${encodeURIComponent(advertiserId)}/reviews`}>Review page</Link>; below it, a commission is approved when
          the review window ends and a post is paid with the week.
        </>
      }
      draftOf={draftOf}
      inputOf={inputOf}
      saveLabel="Save review settings"
      fields={({ numberField }) => (
        <>
          <NumberField
            label="Review threshold"
            hint="From 1 to 100: the score at which a commission is held."
            required
            inputMode="numeric"
            min={1}
            max={100}
            {...numberField("reviewThreshold")}
          />
          <NumberField
            label="Review window"
            unit="hours"
            hint="From 0 to 720: how long a commission below the threshold is watched before it is approved."
            required
            inputMode="numeric"
            min={0}
            max={720}
            {...numberField("reviewWindowHours")}
          />
        </>
      )}
    />
  );
}
