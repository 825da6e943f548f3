import { useState, type FormEvent } from "react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { NumberField } from "~/components/ui/number-field";
import { TextInput } from "~/components/ui/text-input";
import { fieldErrorsOf } from "~/lib/api/api-errors";
import { errorText } from "~/lib/error-text";
import type { ReferralSettings } from "@contracts/referrals.ts";
import { useReferralSettings, useSaveReferralSettings } from "./api/referral-settings";

type Draft = { destinationUrl: string; clickIdParam: string; attributionWindowDays: string };

const draftOf = (settings: ReferralSettings): Draft => ({
  destinationUrl: settings.destinationUrl ?? "",
  clickIdParam: settings.clickIdParam,
  attributionWindowDays: String(settings.attributionWindowDays),
});

/**
 * In the console, on a campaign: where its creators' referral links lead, the parameter that carries the click id
 * there, and how long a click is credited (docs/decisions/043-referral-links.md); with the links and clicks so far.
 */
export function ReferralSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const settings = useReferralSettings(advertiserId, campaignId);
  const save = useSaveReferralSettings(advertiserId, campaignId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const current = draft ?? (settings.data === undefined ? null : draftOf(settings.data));
  const { destinationUrl, clickIdParam, attributionWindowDays } = fieldErrorsOf(save.error);
  const errors = { destinationUrl, clickIdParam, attributionWindowDays };
  const edit = (field: keyof Draft) => (value: string) => current !== null && setDraft({ ...current, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current === null) return;
    const days = Number(current.attributionWindowDays);
    save.mutate(
      {
        destinationUrl: current.destinationUrl.trim() === "" ? null : current.destinationUrl.trim(),
        clickIdParam: current.clickIdParam.trim(),
        attributionWindowDays: Number.isFinite(days) ? days : 0,
      },
      { onSuccess: (saved) => setDraft(draftOf(saved)) },
    );
  };

  return (
    <Card title="Referral links" className="referral-settings">
      <p className="muted small">
        Each creator who joins gets a short link. A visit through it goes to your page with a click id; send that id with your conversions
        (clickId) and they are credited to the creator. X charges more for posts with a link.
      </p>
      {current === null ? (
        <p className="muted small">{settings.isError ? errorText(settings.error) : "Loading…"}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <Field
            label="Where links lead"
            hint="Your landing page, starting with https://. Empty: the campaign's page."
            error={errors.destinationUrl}
          >
            <TextInput
              type="url"
              fullWidth
              value={current.destinationUrl}
              onChange={(event) => edit("destinationUrl")(event.target.value)}
            />
          </Field>
          <Field
            label="Click id parameter"
            hint="The query parameter your page reads the click id from."
            error={errors.clickIdParam}
            required
          >
            <TextInput value={current.clickIdParam} onChange={(event) => edit("clickIdParam")(event.target.value)} />
          </Field>
          <NumberField
            label="Attribution window"
            unit="days"
            hint="From 1 to 90: how long after a click a conversion counts."
            error={errors.attributionWindowDays}
            required
            inputMode="numeric"
            min={1}
            max={90}
            value={current.attributionWindowDays}
            onValueChange={edit("attributionWindowDays")}
          />
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
            Save referral settings
          </Button>
          {settings.data === undefined ? null : (
            <p className="muted small" aria-live="polite">
              {`${settings.data.links} creator links, ${settings.data.clicks} clicks so far.`}
              {save.isSuccess ? " Saved." : ""}
            </p>
          )}
          {save.isError && Object.values(errors).every((message) => message === undefined) ? (
            <Notice tone="danger" announce="alert">
              {errorText(save.error)}
            </Notice>
          ) : null}
        </form>
      )}
    </Card>
  );
}
