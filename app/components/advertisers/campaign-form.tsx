import { useState, type ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { CopyButton } from "~/components/settings/copy-button";
import { Markdown } from "~/components/markdown";
import { usePublishCampaign } from "~/features/advertiser-campaigns/api/publish-campaign";
import { useRotatePreviewToken } from "~/features/advertiser-campaigns/api/rotate-preview-token";
import { useSaveCampaign } from "~/features/advertiser-campaigns/api/save-campaign";
import { useUploadCampaignImage } from "~/features/advertiser-campaigns/api/upload-campaign-image";
import {
  amountText,
  consoleStatusText,
  listText,
  parseAmount,
  parseList,
  parseUtcInput,
  timeLeftText,
  utcInputValue,
} from "~/features/advertiser-campaigns/form-values";
import { ApiRequestError } from "~/lib/api/http-client";
import { errorText } from "~/lib/error-text";
import type { AdvertiserCampaignPage, CampaignInput, ConsoleCampaign } from "../../../worker/contracts/advertiser-campaigns.ts";
import { defaultCampaignRules, defaultScoreWeights, type ScoreWeights } from "../../../worker/contracts/campaign-rules.ts";
import "~/styles/advertisers.css";
import "~/styles/advertiser-campaigns.css";

const DAY = 24 * 60 * 60 * 1000;
const weightNames = [
  "impressions",
  "likes",
  "reposts",
  "replies",
  "quotes",
  "bookmarks",
] as const satisfies readonly (keyof ScoreWeights)[];

type FormState = {
  title: string;
  description: string;
  startsAt: string;
  endsAt: string;
  rewardCurrency: string;
  weeklyPool: string;
  bonusPool: string;
  creatorCapPercent: string;
  mentions: string;
  hashtags: string;
  link: string;
  minImpressions: string;
  maxPostsPerWeek: string;
  weights: Record<keyof ScoreWeights, string>;
  suggestions: { key: string; id?: string; text: string }[];
  visibility: "public" | "invite-only";
};

function initialState(campaign: ConsoleCampaign | null, now: number): FormState {
  const currency = campaign?.rewardCurrency ?? "USDC";
  const rules = campaign?.rules ?? defaultCampaignRules;
  const weights = campaign?.scoreWeights ?? defaultScoreWeights;
  const startsAt = campaign?.startsAt ?? Math.ceil((now + DAY) / 3_600_000) * 3_600_000;
  return {
    title: campaign?.title ?? "",
    description: campaign?.description ?? "",
    startsAt: utcInputValue(startsAt),
    endsAt: utcInputValue(campaign?.endsAt ?? startsAt + 14 * DAY),
    rewardCurrency: currency,
    weeklyPool: campaign === null ? "" : amountText(campaign.weeklyPool, currency),
    bonusPool: campaign === null ? "0" : amountText(campaign.bonusPool, currency),
    creatorCapPercent: String((campaign?.creatorCapBps ?? 2500) / 100),
    mentions: listText(rules.requiredMentions),
    hashtags: listText(rules.requiredHashtags),
    link: rules.requiredLink ?? "",
    minImpressions: String(rules.minImpressions),
    maxPostsPerWeek: String(rules.maxPostsPerWeek),
    weights: Object.fromEntries(weightNames.map((name) => [name, String(weights[name])])) as Record<keyof ScoreWeights, string>,
    suggestions: (campaign?.suggestions ?? []).map((suggestion) => ({ key: suggestion.id, id: suggestion.id, text: suggestion.text })),
    visibility: campaign?.visibility ?? "public",
  };
}

type Errors = Record<string, string>;

/** The form as the API's input, or the fields the browser can already tell are wrong. */
function toInput(form: FormState): { input: CampaignInput } | { errors: Errors } {
  const errors: Errors = {};
  const startsAt = parseUtcInput(form.startsAt);
  const endsAt = parseUtcInput(form.endsAt);
  const weeklyPool = parseAmount(form.weeklyPool === "" ? "0" : form.weeklyPool, form.rewardCurrency);
  const bonusPool = parseAmount(form.bonusPool === "" ? "0" : form.bonusPool, form.rewardCurrency);
  const cap = Number(form.creatorCapPercent);
  if (startsAt === null) errors.startsAt = "Choose a start date and time.";
  if (endsAt === null) errors.endsAt = "Choose an end date and time.";
  if (weeklyPool === null) errors.weeklyPool = `Enter an amount of ${form.rewardCurrency}.`;
  if (bonusPool === null) errors.bonusPool = `Enter an amount of ${form.rewardCurrency}.`;
  if (!Number.isFinite(cap) || cap <= 0 || cap > 100) errors.creatorCapBps = "Enter a percentage above 0 and at most 100.";
  if (startsAt === null || endsAt === null || weeklyPool === null || bonusPool === null || Object.keys(errors).length > 0)
    return { errors };
  return {
    input: {
      title: form.title,
      description: form.description,
      startsAt,
      endsAt,
      rewardCurrency: form.rewardCurrency,
      weeklyPool,
      bonusPool,
      creatorCapBps: Math.round(cap * 100),
      rules: {
        requiredMentions: parseList(form.mentions),
        requiredHashtags: parseList(form.hashtags),
        requiredLink: form.link.trim() === "" ? null : form.link.trim(),
        minImpressions: Number(form.minImpressions),
        maxPostsPerWeek: Number(form.maxPostsPerWeek),
      },
      scoreWeights: Object.fromEntries(weightNames.map((name) => [name, Number(form.weights[name])])) as ScoreWeights,
      suggestions: form.suggestions.map((suggestion) => ({
        ...(suggestion.id === undefined ? {} : { id: suggestion.id }),
        text: suggestion.text,
      })),
      visibility: form.visibility,
    },
  };
}

/** The server's field errors by field ("rules.requiredMentions", "weeklyPool"…), and the message for the rest. */
function serverErrors(error: Error): { fields: Errors; message: string } {
  const fields: Errors = {};
  if (error instanceof ApiRequestError) {
    for (const item of error.body?.detail ?? []) {
      const path = item.loc.slice(1).filter((part) => typeof part === "string");
      const key = path.slice(0, path[0] === "rules" || path[0] === "scoreWeights" ? 2 : 1).join(".") || "form";
      fields[key] ??= item.msg;
    }
  }
  return { fields, message: errorText(error instanceof ApiRequestError ? error : error.message) };
}

function Field({ label, error, id, children }: { label: string; error: string | undefined; id: string; children: ReactNode }) {
  return (
    <label htmlFor={id}>
      {label}
      {children}
      {error === undefined ? null : (
        <span className="campaign-field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}

/** `/advertiser/{id}/campaigns/new` and `/advertiser/{id}/campaigns/{campaignId}`: the campaign's form. */
export function CampaignForm({ page }: { page: AdvertiserCampaignPage }) {
  const { account, currencies, now } = page;
  const navigate = useNavigate();
  const [campaign, setCampaign] = useState<ConsoleCampaign | null>(page.campaign);
  const [form, setForm] = useState<FormState>(() => initialState(page.campaign, now));
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const save = useSaveCampaign(account.id, campaign?.id ?? null);
  const publish = usePublishCampaign(account.id);
  const rotate = useRotatePreviewToken(account.id, campaign?.id ?? "");
  const upload = useUploadCampaignImage(account.id, campaign?.id ?? "");
  const base = `/advertiser/${encodeURIComponent(account.id)}/campaigns`;
  const busy = save.isPending || publish.isPending;

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => setForm((current) => ({ ...current, [key]: value }));
  const fieldProps = (id: string, key: string) => ({
    id,
    "aria-invalid": errors[key] === undefined ? undefined : true,
    "aria-describedby": errors[key] === undefined ? undefined : `${id}-error`,
  });

  async function saveForm(): Promise<ConsoleCampaign | null> {
    setNotice(null);
    const parsed = toInput(form);
    if ("errors" in parsed) {
      setErrors(parsed.errors);
      return null;
    }
    try {
      const saved = await save.mutateAsync(parsed.input);
      setErrors({});
      setCampaign(saved);
      setForm(initialState(saved, now));
      if (campaign === null) void navigate(`${base}/${encodeURIComponent(saved.id)}`, { replace: true });
      return saved;
    } catch (error) {
      const { fields, message } = serverErrors(error as Error);
      setErrors(fields);
      setNotice(message);
      return null;
    }
  }

  async function publishForm() {
    const saved = await saveForm();
    if (saved === null) return;
    try {
      const published = await publish.mutateAsync(saved.id);
      setCampaign(published);
      setNotice("Published: creators can now see this campaign. It becomes active once funded and started.");
    } catch (error) {
      const { fields, message } = serverErrors(error as Error);
      setErrors(fields);
      setNotice(message);
    }
  }

  const previewPath = campaign === null ? null : `/campaign-preview/${campaign.previewToken}`;

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
        aria-busy={busy}
        onSubmit={(event) => {
          event.preventDefault();
          void saveForm();
        }}
      >
        {notice === null ? null : (
          <p role="status" className="notice">
            {notice}
          </p>
        )}
        <fieldset>
          <legend>The campaign</legend>
          <Field label="Title" id="campaign-title" error={errors.title}>
            <input
              {...fieldProps("campaign-title", "title")}
              value={form.title}
              maxLength={120}
              onChange={(event) => set("title", event.target.value)}
            />
          </Field>
          <div className="campaign-description">
            <Field label="Description (Markdown)" id="campaign-description" error={errors.description}>
              <textarea
                {...fieldProps("campaign-description", "description")}
                rows={8}
                value={form.description}
                onChange={(event) => set("description", event.target.value)}
              />
            </Field>
            <section aria-label="Description preview">
              <p className="small muted">Preview</p>
              <Markdown className="campaign-markdown-preview" source={form.description} />
            </section>
          </div>
          <Field label="Visibility" id="campaign-visibility" error={errors.visibility}>
            <select
              {...fieldProps("campaign-visibility", "visibility")}
              value={form.visibility}
              onChange={(event) => set("visibility", event.target.value === "invite-only" ? "invite-only" : "public")}
            >
              <option value="public">Public: listed for every creator</option>
              <option value="invite-only">Invite-only: joined through invitations</option>
            </select>
          </Field>
        </fieldset>

        <fieldset>
          <legend>Dates and rewards</legend>
          <div className="campaign-form-grid">
            <Field label="Start (UTC)" id="campaign-starts" error={errors.startsAt}>
              <input
                {...fieldProps("campaign-starts", "startsAt")}
                type="datetime-local"
                value={form.startsAt}
                onChange={(event) => set("startsAt", event.target.value)}
              />
            </Field>
            <Field label="End (UTC)" id="campaign-ends" error={errors.endsAt}>
              <input
                {...fieldProps("campaign-ends", "endsAt")}
                type="datetime-local"
                value={form.endsAt}
                onChange={(event) => set("endsAt", event.target.value)}
              />
            </Field>
            <Field label="Currency" id="campaign-currency" error={errors.rewardCurrency}>
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
            </Field>
            <Field label={`Weekly pool (${form.rewardCurrency})`} id="campaign-weekly" error={errors.weeklyPool}>
              <input
                {...fieldProps("campaign-weekly", "weeklyPool")}
                inputMode="decimal"
                value={form.weeklyPool}
                onChange={(event) => set("weeklyPool", event.target.value)}
              />
            </Field>
            <Field label={`Bonus pool (${form.rewardCurrency})`} id="campaign-bonus" error={errors.bonusPool}>
              <input
                {...fieldProps("campaign-bonus", "bonusPool")}
                inputMode="decimal"
                value={form.bonusPool}
                onChange={(event) => set("bonusPool", event.target.value)}
              />
            </Field>
            <Field label="Per-creator cap (% of a week's pool)" id="campaign-cap" error={errors.creatorCapBps}>
              <input
                {...fieldProps("campaign-cap", "creatorCapBps")}
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
              <input
                {...fieldProps("campaign-mentions", "rules.requiredMentions")}
                placeholder="@brand, @partner"
                value={form.mentions}
                onChange={(event) => set("mentions", event.target.value)}
              />
            </Field>
            <Field label="Required hashtags" id="campaign-hashtags" error={errors["rules.requiredHashtags"]}>
              <input
                {...fieldProps("campaign-hashtags", "rules.requiredHashtags")}
                placeholder="#launch"
                value={form.hashtags}
                onChange={(event) => set("hashtags", event.target.value)}
              />
            </Field>
            <Field label="Required link" id="campaign-link" error={errors["rules.requiredLink"]}>
              <input
                {...fieldProps("campaign-link", "rules.requiredLink")}
                type="url"
                placeholder="https://"
                value={form.link}
                onChange={(event) => set("link", event.target.value)}
              />
            </Field>
            <Field label="Minimum impressions" id="campaign-min-impressions" error={errors["rules.minImpressions"]}>
              <input
                {...fieldProps("campaign-min-impressions", "rules.minImpressions")}
                inputMode="numeric"
                value={form.minImpressions}
                onChange={(event) => set("minImpressions", event.target.value)}
              />
            </Field>
            <Field label="Posts per creator per week" id="campaign-max-posts" error={errors["rules.maxPostsPerWeek"]}>
              <input
                {...fieldProps("campaign-max-posts", "rules.maxPostsPerWeek")}
                inputMode="numeric"
                value={form.maxPostsPerWeek}
                onChange={(event) => set("maxPostsPerWeek", event.target.value)}
              />
            </Field>
          </div>
          <p className="small muted">Score weights: how much each kind of engagement counts in a post's score.</p>
          <div className="campaign-form-grid">
            {weightNames.map((name) => (
              <Field key={name} label={`Weight of ${name}`} id={`campaign-weight-${name}`} error={errors[`scoreWeights.${name}`]}>
                <input
                  {...fieldProps(`campaign-weight-${name}`, `scoreWeights.${name}`)}
                  inputMode="numeric"
                  value={form.weights[name]}
                  onChange={(event) => set("weights", { ...form.weights, [name]: event.target.value })}
                />
              </Field>
            ))}
          </div>
        </fieldset>

        <fieldset>
          <legend>Suggested posts</legend>
          {errors.suggestions === undefined ? null : (
            <p className="campaign-field-error" role="alert">
              {errors.suggestions}
            </p>
          )}
          {form.suggestions.length === 0 ? <p className="small muted">No suggestions: creators write their own posts.</p> : null}
          {form.suggestions.map((suggestion, index) => (
            <div key={suggestion.key} className="campaign-suggestion">
              <textarea
                id={`campaign-suggestion-${index}`}
                aria-label={`Suggested post ${index + 1}`}
                rows={2}
                maxLength={280}
                value={suggestion.text}
                onChange={(event) =>
                  set(
                    "suggestions",
                    form.suggestions.map((item) => (item.key === suggestion.key ? { ...item, text: event.target.value } : item)),
                  )
                }
              />
              <button
                type="button"
                className="button button-small"
                aria-label={`Remove suggested post ${index + 1}`}
                onClick={() =>
                  set(
                    "suggestions",
                    form.suggestions.filter((item) => item.key !== suggestion.key),
                  )
                }
              >
                Remove
              </button>
            </div>
          ))}
          <div>
            <button
              type="button"
              className="button button-small"
              onClick={() => set("suggestions", [...form.suggestions, { key: `new-${Date.now()}-${form.suggestions.length}`, text: "" }])}
            >
              Add a suggested post
            </button>
          </div>
        </fieldset>

        <div className="campaign-actions">
          <button type="submit" className="button" disabled={busy}>
            {save.isPending ? "Saving…" : campaign === null ? "Save draft" : "Save"}
          </button>
          {campaign === null || campaign.draft ? (
            <button type="button" className="button button-primary" disabled={busy} onClick={() => void publishForm()}>
              {publish.isPending ? "Publishing…" : "Publish"}
            </button>
          ) : null}
        </div>
      </form>

      {campaign === null ? (
        <p className="small muted">Save the draft to add an image and get its preview link.</p>
      ) : (
        <>
          <section aria-labelledby="campaign-image-title">
            <h2 id="campaign-image-title">Image</h2>
            {campaign.imageUrl === null ? (
              <p className="small muted">No image yet.</p>
            ) : (
              <img className="campaign-image" src={campaign.imageUrl} alt="" />
            )}
            <label htmlFor="campaign-image-file">
              Upload an image (PNG, JPEG, GIF or WebP, at most 5 MB)
              <input
                id="campaign-image-file"
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                disabled={upload.isPending}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file !== undefined) upload.mutate(file, { onSuccess: (saved) => setCampaign(saved) });
                }}
              />
            </label>
            {upload.isPending ? <p role="status">Uploading…</p> : null}
            {upload.isError ? (
              <p role="alert" className="campaign-field-error">
                {serverErrors(upload.error).message}
              </p>
            ) : null}
          </section>

          <section aria-labelledby="campaign-preview-title" className="campaign-preview-link">
            <h2 id="campaign-preview-title">Preview link</h2>
            <p className="small muted">
              Anyone with this link sees the campaign as creators will, drafts included. Make a new link to stop the old one.
            </p>
            {previewPath === null ? null : (
              <p>
                <a href={previewPath} target="_blank" rel="noopener noreferrer">
                  <code>{previewPath}</code>
                </a>
              </p>
            )}
            <div className="campaign-actions">
              {previewPath === null ? null : (
                <CopyButton
                  label="Copy the preview link"
                  text={typeof window === "undefined" ? previewPath : new URL(previewPath, window.location.origin).href}
                />
              )}
              <button
                type="button"
                className="button button-small"
                disabled={rotate.isPending}
                onClick={() => {
                  if (!window.confirm("Make a new link? The current link stops working at once.")) return;
                  rotate.mutate(undefined, { onSuccess: ({ previewToken }) => setCampaign({ ...campaign, previewToken }) });
                }}
              >
                {rotate.isPending ? "Making a new link…" : "Make a new link"}
              </button>
            </div>
            {rotate.isError ? (
              <p role="alert" className="campaign-field-error">
                {serverErrors(rotate.error).message}
              </p>
            ) : null}
          </section>
        </>
      )}
    </div>
  );
}
