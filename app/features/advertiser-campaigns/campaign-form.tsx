import { useState } from "react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Notice } from "~/components/ui/notice";
import { PageHeader } from "~/components/ui/page-header";
import { Select } from "~/components/ui/select";
import { TextInput } from "~/components/ui/text-input";
import { Textarea } from "~/components/ui/textarea";
import { Markdown } from "~/components/markdown";
import type { AdvertiserCampaignPage, ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { campaignCategories, campaignCategoryLabels } from "@contracts/campaign-categories.ts";
import { rulesOf } from "@contracts/networks/registry.ts";
import { networkReports, networksReporting } from "@contracts/campaign-networks.ts";
import { isCampaignCategory, useCampaignFormState, weightNames } from "./campaign-form-state";
import { ApiCostEstimate } from "./api-cost-estimate";
import { NetworksFieldset, networkNames } from "./networks-fieldset";
import { CampaignImageUpload } from "./campaign-image-upload";
import { consoleStatusText, timeLeftText } from "./form-values";
import { PreviewLinkPanel } from "./preview-link-panel";
import { SuggestedPostsFieldset } from "./suggested-posts-fieldset";
import { useCampaignSubmit } from "./use-campaign-submit";
import "./advertiser-campaigns.css";

/**
 * `/advertiser/{id}/campaigns/new` and `/advertiser/{id}/campaigns/{campaignId}`: the campaign's form, and once the
 * campaign exists its image and preview link.
 */
export function CampaignForm({ page }: { page: AdvertiserCampaignPage }) {
  const { account, currencies, now } = page;
  const [campaign, setCampaign] = useState<ConsoleCampaign | null>(page.campaign);
  const state = useCampaignFormState(page.campaign, now);
  const { form, set, errors } = state;
  const submit = useCampaignSubmit({ advertiserId: account.id, campaign, onCampaign: setCampaign, state });
  const base = `/advertiser/${encodeURIComponent(account.id)}/campaigns`;
  // Counts a chosen network does not publish (views on Bluesky): their rule and weights do not apply to its posts.
  const withoutViews = form.networks.filter((network) => !networkReports(network, "impressions"));
  const withViews = networksReporting(form.networks, "impressions");
  const unreported = weightNames.filter((name) => form.networks.some((network) => !networkReports(network, name)));
  const viewsNote =
    withoutViews.length === 0
      ? null
      : `${networkNames(withoutViews)} publishes no view counts, so the minimum impressions and the weights of ${unreported.join(" and ")} ${
          withViews.length === 0 ? "do not apply to this campaign" : `apply to posts on ${networkNames(withViews)} only`
        }.`;

  return (
    <div className="advertiser-page">
      <PageHeader
        eyebrow={<Link to={base}>{`Campaigns of ${account.name}`}</Link>}
        title={campaign === null ? "New campaign" : campaign.title}
        description={
          campaign === null ? undefined : (
            <>
              <Badge tone={campaign.draft ? "neutral" : "info"}>{consoleStatusText(campaign)}</Badge>{" "}
              {campaign.draft ? "Only your account and people with the preview link can see it." : timeLeftText(campaign.timeLeftMs)}
            </>
          )
        }
      />

      <form
        className="campaign-form"
        noValidate
        aria-busy={submit.busy}
        onSubmit={(event) => {
          event.preventDefault();
          void submit.saveForm();
        }}
      >
        {submit.notice === null ? null : <Notice>{submit.notice}</Notice>}
        <fieldset>
          <legend>The campaign</legend>
          <Field label="Title" id="campaign-title" error={errors.title}>
            <TextInput value={form.title} maxLength={120} onChange={(event) => set("title", event.target.value)} />
          </Field>
          <div className="campaign-description">
            <Field label="Description (Markdown)" id="campaign-description" error={errors.description}>
              <Textarea rows={8} fullWidth value={form.description} onChange={(event) => set("description", event.target.value)} />
            </Field>
            <section aria-label="Description preview">
              <p className="campaign-form-note">Preview</p>
              <Markdown className="campaign-markdown-preview" source={form.description} />
            </section>
          </div>
          <Field label="Visibility" id="campaign-visibility" error={errors.visibility}>
            <Select
              value={form.visibility}
              onChange={(event) => set("visibility", event.target.value === "invite-only" ? "invite-only" : "public")}
            >
              <option value="public">Public: listed for every creator</option>
              <option value="invite-only">Invite-only: joined through invitations</option>
            </Select>
          </Field>
        </fieldset>

        <NetworksFieldset chosen={form.networks} error={errors.networks} onChange={(chosen) => set("networks", chosen)} />

        <fieldset>
          <legend>Disclosure</legend>
          <p className="campaign-form-note">
            Every post is a paid partnership and says so: it opens with the disclosure, and on X it carries X&apos;s &quot;
            {rulesOf("x").paidPartnershipLabel?.name}&quot; label. X does not allow that label for some categories, so Chorus cannot run
            campaigns for them there.
          </p>
          <div className="campaign-form-grid">
            <Field label="What the campaign advertises" id="campaign-category" error={errors.category}>
              <Select
                value={form.category}
                onChange={(event) => set("category", isCampaignCategory(event.target.value) ? event.target.value : "")}
              >
                <option value="">Choose a category</option>
                {campaignCategories.map((category) => (
                  <option key={category} value={category}>
                    {campaignCategoryLabels[category]}
                    {rulesOf("x").paidPartnershipLabel?.excludedCategories.includes(category) ? " (not allowed on X)" : ""}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Disclosure at the start of every post" id="campaign-disclosure" error={errors.disclosure}>
              <TextInput value={form.disclosure} maxLength={40} onChange={(event) => set("disclosure", event.target.value)} />
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend>Dates and rewards</legend>
          <div className="campaign-form-grid">
            <Field label="Start (UTC)" id="campaign-starts" error={errors.startsAt}>
              <TextInput type="datetime-local" value={form.startsAt} onChange={(event) => set("startsAt", event.target.value)} />
            </Field>
            <Field label="End (UTC)" id="campaign-ends" error={errors.endsAt}>
              <TextInput type="datetime-local" value={form.endsAt} onChange={(event) => set("endsAt", event.target.value)} />
            </Field>
            <Field label="Currency" id="campaign-currency" error={errors.rewardCurrency}>
              <Select value={form.rewardCurrency} onChange={(event) => set("rewardCurrency", event.target.value)}>
                {currencies.map((currency) => (
                  <option key={currency} value={currency}>
                    {currency}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={`Weekly pool (${form.rewardCurrency})`} id="campaign-weekly" error={errors.weeklyPool}>
              <TextInput inputMode="decimal" value={form.weeklyPool} onChange={(event) => set("weeklyPool", event.target.value)} />
            </Field>
            <Field label={`Bonus pool (${form.rewardCurrency})`} id="campaign-bonus" error={errors.bonusPool}>
              <TextInput inputMode="decimal" value={form.bonusPool} onChange={(event) => set("bonusPool", event.target.value)} />
            </Field>
            <Field label="Per-creator cap (% of a week's pool)" id="campaign-cap" error={errors.creatorCapBps}>
              <TextInput
                inputMode="decimal"
                value={form.creatorCapPercent}
                onChange={(event) => set("creatorCapPercent", event.target.value)}
              />
            </Field>
          </div>
        </fieldset>

        <fieldset>
          <legend>Rules</legend>
          <div className="campaign-form-grid">
            <Field label="Required mentions" id="campaign-mentions" error={errors["rules.requiredMentions"]}>
              <TextInput placeholder="@brand, @partner" value={form.mentions} onChange={(event) => set("mentions", event.target.value)} />
            </Field>
            <Field label="Required hashtags" id="campaign-hashtags" error={errors["rules.requiredHashtags"]}>
              <TextInput placeholder="#launch" value={form.hashtags} onChange={(event) => set("hashtags", event.target.value)} />
            </Field>
            <Field label="Required link" id="campaign-link" error={errors["rules.requiredLink"]}>
              <TextInput type="url" placeholder="https://" value={form.link} onChange={(event) => set("link", event.target.value)} />
            </Field>
            <Field label="Minimum impressions" id="campaign-min-impressions" error={errors["rules.minImpressions"]}>
              <TextInput
                inputMode="numeric"
                value={form.minImpressions}
                disabled={withViews.length === 0}
                onChange={(event) => set("minImpressions", event.target.value)}
              />
            </Field>
            <Field label="Posts per creator per week" id="campaign-max-posts" error={errors["rules.maxPostsPerWeek"]}>
              <TextInput
                inputMode="numeric"
                value={form.maxPostsPerWeek}
                onChange={(event) => set("maxPostsPerWeek", event.target.value)}
              />
            </Field>
          </div>
          <p className="campaign-form-note">Score weights: how much each kind of engagement counts in a post's score.</p>
          {viewsNote === null ? null : (
            <p className="campaign-form-note" data-testid="campaign-views-note">
              {viewsNote}
            </p>
          )}
          <div className="campaign-form-grid">
            {weightNames.map((name) => (
              <Field key={name} label={`Weight of ${name}`} id={`campaign-weight-${name}`} error={errors[`scoreWeights.${name}`]}>
                <TextInput
                  inputMode="numeric"
                  value={form.weights[name]}
                  disabled={networksReporting(form.networks, name).length === 0}
                  onChange={(event) => set("weights", { ...form.weights, [name]: event.target.value })}
                />
              </Field>
            ))}
          </div>
        </fieldset>

        {form.networks.includes(page.paidApi.network) ? <ApiCostEstimate form={form} paidApi={page.paidApi} /> : null}

        <SuggestedPostsFieldset
          suggestions={form.suggestions}
          error={errors.suggestions}
          onChange={(suggestions) => set("suggestions", suggestions)}
        />

        <div className="campaign-actions">
          <Button type="submit" busy={submit.saving} busyLabel="Saving…" disabled={submit.busy && !submit.saving}>
            {campaign === null ? "Save draft" : "Save"}
          </Button>
          {campaign === null || campaign.draft ? (
            <Button
              variant="primary"
              busy={submit.publishing}
              busyLabel="Publishing…"
              disabled={submit.busy && !submit.publishing}
              onClick={() => void submit.publishForm()}
            >
              Publish
            </Button>
          ) : null}
        </div>
      </form>

      {campaign === null ? (
        <p className="campaign-form-note">Save the draft to add an image and get its preview link.</p>
      ) : (
        <>
          <CampaignImageUpload advertiserId={account.id} campaign={campaign} onUploaded={setCampaign} />
          <PreviewLinkPanel advertiserId={account.id} campaign={campaign} onRotated={setCampaign} />
        </>
      )}
    </div>
  );
}
