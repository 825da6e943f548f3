import { useId } from "react";
import { Link } from "react-router";
import type { PostableCampaign } from "@contracts/posts.ts";
import { errorText } from "~/lib/error-text";
import type { usePostOptions } from "./api/get-post-options";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Select } from "~/components/ui/select";
import { LoadingStatus } from "~/components/ui/loading-status";

/**
 * What the post is for: the campaign (while the creator's campaigns load, or when they failed to load or there is
 * none, says so) and, when it has suggested posts, the one to start from.
 */
export function CampaignChoice({
  options,
  campaign,
  onChooseCampaign,
  selectedSuggestionId,
  onUseSuggestion,
  disabled,
  onLeave,
}: {
  options: ReturnType<typeof usePostOptions>;
  campaign: PostableCampaign | null;
  onChooseCampaign: (campaignId: string) => void;
  selectedSuggestionId: string | null;
  onUseSuggestion: (suggestion: PostableCampaign["suggestions"][number]) => void;
  disabled: boolean;
  /** Runs when the creator follows the link to All Campaigns. */
  onLeave: () => void;
}) {
  const suggestionsLegendId = useId();
  const campaigns = options.data?.campaigns ?? [];

  if (options.isPending) {
    return <LoadingStatus className="post-editor-loading">Loading your campaigns…</LoadingStatus>;
  }
  if (options.isError) {
    return (
      <div className="post-editor-problem" role="alert">
        <p>{`Your campaigns could not be loaded. ${errorText(options.error)}`}</p>
        <Button size="small" onClick={() => void options.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (campaign === null) {
    return (
      <p className="post-editor-problem" role="status">
        You have not joined a campaign that is running now.{" "}
        <Link to="/campaigns" onClick={onLeave}>
          Find one in All Campaigns
        </Link>{" "}
        and join it to post.
      </p>
    );
  }
  return (
    <>
      <Field label="Campaign">
        <Select fullWidth value={campaign.id} onChange={(event) => onChooseCampaign(event.currentTarget.value)} disabled={disabled}>
          {campaigns.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {`${candidate.title} · ${candidate.advertiserName}`}
            </option>
          ))}
        </Select>
      </Field>

      {campaign.suggestions.length > 0 ? (
        <fieldset className="post-editor-suggestions" aria-labelledby={suggestionsLegendId}>
          <legend id={suggestionsLegendId}>Suggested posts</legend>
          <ol>
            {campaign.suggestions.map((suggestion, index) => {
              const selected = suggestion.id === selectedSuggestionId;
              return (
                <li key={suggestion.id} className={selected ? "is-selected" : undefined}>
                  <p>{suggestion.text}</p>
                  <Button
                    size="small"
                    aria-pressed={selected}
                    aria-label={`Use this text: suggestion ${index + 1}`}
                    disabled={disabled}
                    onClick={() => onUseSuggestion(suggestion)}
                  >
                    {selected ? "In use" : "Use this text"}
                  </Button>
                </li>
              );
            })}
          </ol>
        </fieldset>
      ) : null}
    </>
  );
}
