import type { CampaignFormValues } from "./campaign-form-state";

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
        <p className="campaign-field-error" role="alert">
          {error}
        </p>
      )}
      {suggestions.length === 0 ? <p className="small muted">No suggestions: creators write their own posts.</p> : null}
      {suggestions.map((suggestion, index) => (
        <div key={suggestion.key} className="campaign-suggestion">
          <textarea
            id={`campaign-suggestion-${index}`}
            aria-label={`Suggested post ${index + 1}`}
            rows={2}
            maxLength={280}
            value={suggestion.text}
            onChange={(event) =>
              onChange(suggestions.map((item) => (item.key === suggestion.key ? { ...item, text: event.target.value } : item)))
            }
          />
          <button
            type="button"
            className="button button-small"
            aria-label={`Remove suggested post ${index + 1}`}
            onClick={() => onChange(suggestions.filter((item) => item.key !== suggestion.key))}
          >
            Remove
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          className="button button-small"
          onClick={() => onChange([...suggestions, { key: `new-${Date.now()}-${suggestions.length}`, text: "" }])}
        >
          Add a suggested post
        </button>
      </div>
    </fieldset>
  );
}
