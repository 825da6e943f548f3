import { useId, useState } from "react";
import { Field } from "~/components/ui/field";
import { TextInput } from "~/components/ui/text-input";
import { READS_PER_POST, estimateApiCost, formatMicroDollars, type PaidApi } from "@contracts/networks/api-costs.ts";
import { networkNames } from "@contracts/networks/names.ts";
import type { CampaignFormValues } from "./campaign-form-state";
import { parseUtcInput } from "./form-values";
import { formatCount } from "~/lib/format";

const WEEK = 7 * 24 * 60 * 60 * 1000;

/**
 * What the campaign will cost in the paid network's API fees (X's) at its rates (with the rate table's date): every
 * post is created through its API and read back until it matures. Shown when the campaign runs on that network; posts
 * on another network (Bluesky) cost no fees, so with both networks it is the most, as if every post went to the paid
 * one. The creators expected is the advertiser's guess, used only here.
 */
export function ApiCostEstimate({ form, paidApi }: { form: CampaignFormValues; paidApi: PaidApi }) {
  const { rates } = paidApi;
  const network = networkNames[paidApi.network];
  const [expectedCreators, setExpectedCreators] = useState("50");
  const noteId = useId();
  const startsAt = parseUtcInput(form.startsAt);
  const endsAt = parseUtcInput(form.endsAt);
  const weeks = startsAt !== null && endsAt !== null && endsAt > startsAt ? Math.ceil((endsAt - startsAt) / WEEK) : 0;
  const creators = /^\d{1,7}$/.test(expectedCreators.trim()) ? Number(expectedCreators.trim()) : 0;
  const postsPerWeek = /^\d{1,4}$/.test(form.maxPostsPerWeek.trim()) ? Number(form.maxPostsPerWeek.trim()) : 0;
  const postsCarryUrl = form.link.trim() !== "";
  const estimate = estimateApiCost(rates, { posts: creators * postsPerWeek * weeks, creators, postsCarryUrl });
  const createRate = postsCarryUrl ? rates.createPostWithUrl : rates.createPost;

  return (
    <fieldset className="campaign-api-cost" aria-describedby={noteId}>
      <legend>{`${network} API cost`}</legend>
      <Field label="Creators you expect" id="campaign-expected-creators">
        <TextInput inputMode="numeric" value={expectedCreators} onChange={(event) => setExpectedCreators(event.target.value)} />
      </Field>
      <p className="campaign-form-note" id={noteId} data-testid="api-cost-estimate">
        At most <strong>{formatMicroDollars(estimate.totalMicros)}</strong> in {network} API fees for {formatCount(estimate.posts)} posts (
        {formatCount(creators)} creators × {postsPerWeek} a week × {weeks} week{weeks === 1 ? "" : "s"}): each post{" "}
        {formatMicroDollars(createRate)} to create{postsCarryUrl ? " (with a link)" : ""} and {READS_PER_POST} reads of its metrics at{" "}
        {formatMicroDollars(rates.readPost)}, and {formatMicroDollars(rates.readOwnData)} per creator to read their account.{" "}
        {`${network}'s rates of ${rates.asOf}.`}
        {form.networks.length > 1 ? ` Posts on other networks cost no API fees: this is the most, with every post on ${network}.` : ""}
      </p>
    </fieldset>
  );
}
