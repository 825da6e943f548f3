import { useState } from "react";
import type { CampaignInput, ConsoleCampaign } from "@contracts/advertiser-campaigns.ts";
import { campaignCategories, type CampaignCategory } from "@contracts/campaign-categories.ts";
import { DEFAULT_DISCLOSURE } from "@contracts/disclosure.ts";
import { inNetworkOrder } from "@contracts/campaign-networks.ts";
import type { Network } from "@contracts/networks/rules.ts";
import { defaultCampaignRules, defaultScoreWeights, type ScoreWeights } from "@contracts/campaign-rules.ts";
import { amountText, listText, parseAmount, parseList, parseUtcInput, utcInputValue } from "./form-values";

const DAY = 24 * 60 * 60 * 1000;

export const weightNames = [
  "impressions",
  "likes",
  "reposts",
  "replies",
  "quotes",
  "bookmarks",
] as const satisfies readonly (keyof ScoreWeights)[];

/** What the campaign form holds: every field as the person typed it. */
export type CampaignFormValues = {
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
  /** Empty until the advertiser picks one. */
  category: CampaignCategory | "";
  disclosure: string;
  /** The networks ticked, X first; the form refuses none. */
  networks: Network[];
};

/** Messages by field: the form's own names, or the API's paths ("rules.requiredMentions", "scoreWeights.likes"). */
export type FieldErrors = Partial<Record<string, string>>;

/** The form's values for a campaign, or for a new one starting on the next hour a day from `now`, for two weeks. */
export function formValuesOf(campaign: ConsoleCampaign | null, now: number): CampaignFormValues {
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
    category: campaign?.category ?? "",
    disclosure: campaign?.disclosure ?? DEFAULT_DISCLOSURE,
    networks: inNetworkOrder(campaign?.networks ?? ["x"]),
  };
}

export const isCampaignCategory = (value: string): value is CampaignCategory => (campaignCategories as readonly string[]).includes(value);

/** The form as the API's input, or the fields the browser can already tell are wrong. */
export function campaignInputOf(form: CampaignFormValues): { input: CampaignInput } | { errors: FieldErrors } {
  const errors: FieldErrors = {};
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
  if (form.category === "") errors.category = "Choose what the campaign advertises.";
  if (form.networks.length === 0) errors.networks = "Choose at least one network.";
  const category = form.category;
  if (
    startsAt === null ||
    endsAt === null ||
    weeklyPool === null ||
    bonusPool === null ||
    category === "" ||
    Object.keys(errors).length > 0
  )
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
      category,
      disclosure: form.disclosure,
      networks: form.networks,
    },
  };
}

/** The form's values and field errors, and the props that tie an input to its error. */
export function useCampaignFormState(campaign: ConsoleCampaign | null, now: number) {
  const [form, setForm] = useState<CampaignFormValues>(() => formValuesOf(campaign, now));
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = <K extends keyof CampaignFormValues>(key: K, value: CampaignFormValues[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  /** Shows the campaign as saved: its values, no errors. */
  const reset = (saved: ConsoleCampaign) => {
    setErrors({});
    setForm(formValuesOf(saved, now));
  };
  return { form, set, errors, setErrors, reset };
}

export type CampaignFormState = ReturnType<typeof useCampaignFormState>;
