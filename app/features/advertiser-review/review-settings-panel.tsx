import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Notice } from "~/components/ui/notice";
import { NumberField } from "~/components/ui/number-field";
import { fieldErrorsOf } from "~/lib/api/api-errors";
import { errorText } from "~/lib/error-text";
import type { RiskSettings } from "@contracts/risk-review.ts";
import { useReviewSettings, useSaveReviewSettings } from "./api/review-settings";

type Draft = { reviewThreshold: string; reviewWindowHours: string };

const draftOf = (settings: RiskSettings): Draft => ({
  reviewThreshold: String(settings.reviewThreshold),
  reviewWindowHours: String(settings.reviewWindowHours),
});

/** A whole number as typed, or NaN (sent as such, for the server to name the field). */
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : Number.NaN);

/**
 * In the console, on a campaign: the risk score at which a commission is held for the account's review, and how long
 * one below it is watched before it is approved (docs/decisions/047-risk-and-review.md).
 */
export function ReviewSettingsPanel({ advertiserId, campaignId }: { advertiserId: string; campaignId: string }) {
  const settings = useReviewSettings(advertiserId, campaignId);
  const save = useSaveReviewSettings(advertiserId, campaignId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const current = draft ?? (settings.data === undefined ? null : draftOf(settings.data));
  const { reviewThreshold, reviewWindowHours } = fieldErrorsOf(save.error);
  const errors = { reviewThreshold, reviewWindowHours };
  const edit = (field: keyof Draft) => (value: string) => current !== null && setDraft({ ...current, [field]: value });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (current === null) return;
    save.mutate(
      { reviewThreshold: wholeNumber(current.reviewThreshold), reviewWindowHours: wholeNumber(current.reviewWindowHours) },
      { onSuccess: (saved) => setDraft(draftOf(saved)) },
    );
  };

  return (
    <Card title="Risk review" className="review-settings">
      <p className="muted small">
        Each commission, and each post the weekly pool would pay, gets a risk score from 0 to 100 with its reasons (the creator&apos;s own
        wallet, a conversion seconds after its click, a new account, a flood of clicks, engagement that does not fit). At or above the
        threshold it waits for your decision on the <Link to={`/advertiser/${encodeURIComponent(advertiserId)}/reviews`}>Review page</Link>;
        below it, a commission is approved when the review window ends and a post is paid with the week.
      </p>
      {current === null ? (
        <p className="muted small">{settings.isError ? errorText(settings.error) : "Loading…"}</p>
      ) : (
        <form onSubmit={submit} noValidate>
          <NumberField
            label="Review threshold"
            hint="From 1 to 100: the score at which a commission is held."
            error={errors.reviewThreshold}
            required
            inputMode="numeric"
            min={1}
            max={100}
            value={current.reviewThreshold}
            onValueChange={edit("reviewThreshold")}
          />
          <NumberField
            label="Review window"
            unit="hours"
            hint="From 0 to 720: how long a commission below the threshold is watched before it is approved."
            error={errors.reviewWindowHours}
            required
            inputMode="numeric"
            min={0}
            max={720}
            value={current.reviewWindowHours}
            onValueChange={edit("reviewWindowHours")}
          />
          <Button type="submit" variant="primary" busy={save.isPending} busyLabel="Saving…">
            Save review settings
          </Button>
          {save.isSuccess ? (
            <p className="muted small" aria-live="polite">
              Saved.
            </p>
          ) : null}
          {save.isError && reviewThreshold === undefined && reviewWindowHours === undefined ? (
            <Notice tone="danger" announce="alert">
              {errorText(save.error)}
            </Notice>
          ) : null}
        </form>
      )}
    </Card>
  );
}
