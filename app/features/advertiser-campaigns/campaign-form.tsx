import { useState } from "react";
import { Link } from "react-router";
import { Markdown } from "~/components/markdown";
import type { AdvertiserCampaignPage, ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { CampaignField } from "./campaign-field";
import { useCampaignFormState, weightNames } from "./campaign-form-state";
import { CampaignImageUpload } from "./campaign-image-upload";
import { consoleStatusText, timeLeftText } from "./form-values";
import { PreviewLinkPanel } from "./preview-link-panel";
import { SuggestedPostsFieldset } from "./suggested-posts-fieldset";
import { useCampaignSubmit } from "./use-campaign-submit";
import "~/styles/advertisers.css";
import "./advertiser-campaigns.css";

/**
 * `/advertiser/{id}/campaigns/new` and `/advertiser/{id}/campaigns/{campaignId}`: the campaign's form, and once the
 * campaign exists its image and preview link.
 */
export function CampaignForm({ page }: { page: AdvertiserCampaignPage }) {
  const { account, currencies, now } = page;
  const [campaign, setCampaign] = useState<ConsoleCampaign | null>(page.campaign);
  const state = useCampaignFormState(page.campaign, now);
  const { form, set, errors, fieldProps } = state;
  const submit = useCampaignSubmit({ advertiserId: account.id, campaign, onCampaign: setCampaign, state });
  const base = `/advertiser/${encodeURIComponent(account.id)}/campaigns`;

  return (
    <div className="advertiser-page">
      <section className="page-heading">
        <div>
          <p className="eyebrow">
            <Link to={base}>{`Campaigns of ${account.name}`}</Link>
          </p>
          <h1>{campaign === null ? "New campaign" : campaign.title}</h1>
          {campaign === null ? null : (
            <p className="lead">
              <span className={`console-badge ${campaign.draft ? "console-badge-draft" : ""}`}>{consoleStatusText(campaign)}</span>{" "}
              {campaign.draft ? "Only your account and people with the preview link can see it." : timeLeftText(campaign.timeLeftMs)}
            </p>
          )}
        </div>
      </section>

      <form
        className="campaign-form"
        noValidate
        aria-busy={submit.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit.saveForm();
        }}
      >
        {submit.notice === null ? null : (
          <p role="status" className="notice">
            {submit.notice}
          </p>
        )}
        <fieldset>
          <legend>The campaign</legend>
          <CampaignField label="Title" id="campaign-title" error={errors.title}>
            <input
              {...fieldProps("campaign-title", "title")}
              value={form.title}
              maxLength={120}
              onChange={(event) => set("title", event.target.value)}
            />
          </CampaignField>
          <div className="campaign-description">
            <CampaignField label="Description (Markdown)" id="campaign-description" error={errors.description}>
              <textarea
                {...fieldProps("campaign-description", "description")}
                rows={8}
                value={form.description}
                onChange={(event) => set("description", event.target.value)}
              />
            </CampaignField>
            <section aria-label="Description preview">
              <p className="small muted">Preview</p>
              <Markdown className="campaign-markdown-preview" source={form.description} />
            </section>
          </div>
          <CampaignField label="Visibility" id="campaign-visibility" error={errors.visibility}>
            <select
              {...fieldProps("campaign-visibility", "visibility")}
              value={form.visibility}
              onChange={(event) => set("visibility", event.target.value === "invite-only" ? "invite-only" : "public")}
            >
              <option value="public">Public: listed for every creator</option>
              <option value="invite-only">Invite-only: joined through invitations</option>
            </select>
          </CampaignField>
        </fieldset>

        <fieldset>
          <legend>Dates and rewards</legend>
          <div className="campaign-form-grid">
            <CampaignField label="Start (UTC)" id="campaign-starts" error={errors.startsAt}>
              <input
                {...fieldProps("campaign-starts", "startsAt")}
                type="datetime-local"
                value={form.startsAt}
                onChange={(event) => set("startsAt", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="End (UTC)" id="campaign-ends" error={errors.endsAt}>
              <input
                {...fieldProps("campaign-ends", "endsAt")}
                type="datetime-local"
                value={form.endsAt}
                onChange={(event) => set("endsAt", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Currency" id="campaign-currency" error={errors.rewardCurrency}>
              <select
                {...fieldProps("campaign-currency", "rewardCurrency")}
                value={form.rewardCurrency}
                onChange={(event) => set("rewardCurrency", event.target.value)}
              >
                {currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </select>
            </CampaignField>
            <CampaignField label={`Weekly pool (${form.rewardCurrency})`} id="campaign-weekly" error={errors.weeklyPool}>
              <input
                {...fieldProps("campaign-weekly", "weeklyPool")}
                inputMode="decimal"
                value={form.weeklyPool}
                onChange={(event) => set("weeklyPool", event.target.value)}
              />
            </CampaignField>
            <CampaignField label={`Bonus pool (${form.rewardCurrency})`} id="campaign-bonus" error={errors.bonusPool}>
              <input
                {...fieldProps("campaign-bonus", "bonusPool")}
                inputMode="decimal"
                value={form.bonusPool}
                onChange={(event) => set("bonusPool", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Per-creator cap (% of a week's pool)" id="campaign-cap" error={errors.creatorCapBps}>
              <input
                {...fieldProps("campaign-cap", "creatorCapBps")}
                inputMode="decimal"
                value={form.creatorCapPercent}
                onChange={(event) => set("creatorCapPercent", event.target.value)}
              />
            </CampaignField>
          </div>
        </fieldset>

        <fieldset>
          <legend>Rules</legend>
          <div className="campaign-form-grid">
            <CampaignField label="Required mentions" id="campaign-mentions" error={errors["rules.requiredMentions"]}>
              <input
                {...fieldProps("campaign-mentions", "rules.requiredMentions")}
                placeholder="@brand, @partner"
                value={form.mentions}
                onChange={(event) => set("mentions", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Required hashtags" id="campaign-hashtags" error={errors["rules.requiredHashtags"]}>
              <input
                {...fieldProps("campaign-hashtags", "rules.requiredHashtags")}
                placeholder="#launch"
                value={form.hashtags}
                onChange={(event) => set("hashtags", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Required link" id="campaign-link" error={errors["rules.requiredLink"]}>
              <input
                {...fieldProps("campaign-link", "rules.requiredLink")}
                type="url"
                placeholder="https://"
                value={form.link}
                onChange={(event) => set("link", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Minimum impressions" id="campaign-min-impressions" error={errors["rules.minImpressions"]}>
              <input
                {...fieldProps("campaign-min-impressions", "rules.minImpressions")}
                inputMode="numeric"
                value={form.minImpressions}
                onChange={(event) => set("minImpressions", event.target.value)}
              />
            </CampaignField>
            <CampaignField label="Posts per creator per week" id="campaign-max-posts" error={errors["rules.maxPostsPerWeek"]}>
              <input
                {...fieldProps("campaign-max-posts", "rules.maxPostsPerWeek")}
                inputMode="numeric"
                value={form.maxPostsPerWeek}
                onChange={(event) => set("maxPostsPerWeek", event.target.value)}
              />
            </CampaignField>
          </div>
          <p className="small muted">Score weights: how much each kind of engagement counts in a post's score.</p>
          <div className="campaign-form-grid">
            {weightNames.map((name) => (
              <CampaignField key={name} label={`Weight of ${name}`} id={`campaign-weight-${name}`} error={errors[`scoreWeights.${name}`]}>
                <input
                  {...fieldProps(`campaign-weight-${name}`, `scoreWeights.${name}`)}
                  inputMode="numeric"
                  value={form.weights[name]}
                  onChange={(event) => set("weights", { ...form.weights, [name]: event.target.value })}
                />
              </CampaignField>
            ))}
          </div>
        </fieldset>

        <SuggestedPostsFieldset
          suggestions={form.suggestions}
          error={errors.suggestions}
          onChange={(suggestions) => set("suggestions", suggestions)}
        />

        <div className="campaign-actions">
          <button type="submit" className="button" disabled={submit.busy}>
            {submit.saving ? "Saving…" : campaign === null ? "Save draft" : "Save"}
          </button>
          {campaign === null || campaign.draft ? (
            <button type="button" className="button button-primary" disabled={submit.busy} onClick={() => void submit.publishForm()}>
              {submit.publishing ? "Publishing…" : "Publish"}
            </button>
          ) : null}
        </div>
      </form>

      {campaign === null ? (
        <p className="small muted">Save the draft to add an image and get its preview link.</p>
      ) : (
        <>
          <CampaignImageUpload advertiserId={account.id} campaign={campaign} onUploaded={setCampaign} />
          <PreviewLinkPanel advertiserId={account.id} campaign={campaign} onRotated={setCampaign} />
        </>
      )}
    </div>
  );
}
