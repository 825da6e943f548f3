import { CampaignSettingsCard } from "~/components/campaign-settings-card";
import { Field } from "~/components/ui/field";
import { NumberField } from "~/components/ui/number-field";
import { TextInput } from "~/components/ui/text-input";
import type { ReferralSettings, ReferralSettingsInput } from "@contracts/referrals.ts";
import { referralSettings } from "./api/referral-settings";

type Draft = { destinationUrl: string; clickIdParam: string; attributionWindowDays: string };

const draftOf = (settings: ReferralSettings): Draft => ({
  destinationUrl: settings.destinationUrl ?? "",
  clickIdParam: settings.clickIdParam,
  attributionWindowDays: String(settings.attributionWindowDays),
});

function inputOf(draft: Draft): ReferralSettingsInput {
  const days = Number(draft.attributionWindowDays);
  return {
    destinationUrl: draft.destinationUrl.trim() === "" ? null : draft.destinationUrl.trim(),
    clickIdParam: draft.clickIdParam.trim(),
    attributionWindowDays: Number.isFinite(days) ? days : 0,
  };
}

/**
 * In the console, on a campaign: where its creators' referral links lead, the parameter that carries the click id
 * there, and how long a click is credited (docs/decisions/043-referral-links.md); with the links and clicks so far.
 */
export function ReferralSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  return (
    <CampaignSettingsCard
      kind={referralSettings}
      advertiserId={advertiserId}
      campaignId={campaignId}
      title="Referral links"
      className="referral-settings"
      intro={
        "Each creator who joins gets a short link. A visit through it goes to your page with a click id; send that id with your " +
        "conversions (clickId) and they are credited to the creator. X charges more for posts with a link."
      }
      draftOf={draftOf}
      inputOf={inputOf}
      saveLabel="Save referral settings"
      summary={(settings) => `${settings.links} creator links, ${settings.clicks} clicks so far.`}
      fields={({ draft, edit, errors, numberField }) => (
        <>
          <Field
            label="Where links lead"
            hint="Your landing page, starting with https://. Empty: the campaign's page."
            error={errors.destinationUrl}
          >
            <TextInput
              type="url"
              fullWidth
              value={draft.destinationUrl}
              onChange={(event) => edit({ destinationUrl: event.target.value })}
            />
          </Field>
          <Field
            label="Click id parameter"
            hint="The query parameter your page reads the click id from."
            error={errors.clickIdParam}
            required
          >
            <TextInput value={draft.clickIdParam} onChange={(event) => edit({ clickIdParam: event.target.value })} />
          </Field>
          <NumberField
            label="Attribution window"
            unit="days"
            hint="From 1 to 90: how long after a click a conversion counts."
            required
            inputMode="numeric"
            min={1}
            max={90}
            {...numberField("attributionWindowDays")}
          />
        </>
      )}
    />
  );
}
