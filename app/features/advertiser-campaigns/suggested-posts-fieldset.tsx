import type { CampaignFormValues } from "./campaign-form-state";
import { Button } from "~/components/ui/button";
import { Notice } from "~/components/ui/notice";
import { Textarea } from "~/components/ui/textarea";

type Suggestion = CampaignFormValues["suggestions"][number];

/** The campaign's suggested posts (at most 280 characters each), to edit, remove and add to. */
export function SuggestedPostsFieldset({
  suggestions,
  error,
  onChange,
}: {
  suggestions: Suggestion[];
  error: string | undefined;
  onChange: (suggestions: Suggestion[]) => void;
}) {
  return (
    <fieldset>
      <legend>Suggested posts</legend>
      {error === undefined ? null : (
        <Notice tone="danger" announce="alert">
          {error}
        </Notice>
      )}
      {suggestions.length === 0 ? <p className="campaign-form-note">No suggestions: creators write their own posts.</p> : null}
      {suggestions.map((suggestion, index) => (
        <div key={suggestion.key} className="campaign-suggestion">
          <Textarea
            fullWidth
            id={`campaign-suggestion-${index}`}
            aria-label={`Suggested post ${index + 1}`}
            rows={2}
            maxLength={280}
            value={suggestion.text}
            onChange={(event) =>
              onChange(suggestions.map((item) => (item.key === suggestion.key ? { ...item, text: event.target.value } : item)))
            }
          />
          <Button
            size="small"
            variant="quiet"
            aria-label={`Remove suggested post ${index + 1}`}
            onClick={() => onChange(suggestions.filter((item) => item.key !== suggestion.key))}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button size="small" onClick={() => onChange([...suggestions, { key: `new-${Date.now()}-${suggestions.length}`, text: "" }])}>
          Add a suggested post
        </Button>
      </div>
    </fieldset>
  );
}
