const NEAR_LIMIT = 20;
const RADIUS = 9;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/** A post's length as its network counts it (X weighs links 23, CJK and emoji 2; Bluesky counts graphemes). */
export type PostLength = { length: number; limit: number; networkName: string };

/**
 * The live count as the chosen network counts it: a ring that fills up, the number left once it gets close, red
 * past the limit. Screen readers get the full sentence through `id` (the text area's description) and hear an
 * announcement only when the state changes, not on every key.
 */
export function CharacterCount({ count, id }: { count: PostLength; id: string }) {
  const { length, limit, networkName } = count;
  const remaining = limit - length;
  const state = remaining < 0 ? "over" : remaining <= NEAR_LIMIT ? "near" : "ok";
  const filled = Math.min(1, length / limit);
  const left = remaining < 0 ? `${-remaining} over the limit` : `${remaining} left`;
  const announcement =
    state === "over"
      ? `Over ${networkName}'s limit of ${limit} characters`
      : state === "near"
        ? `${NEAR_LIMIT} or fewer characters left`
        : "";
  return (
    <div className={`character-count character-count-${state}`}>
      <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
        <circle className="character-count-track" cx="12" cy="12" r={RADIUS} />
        <circle
          className="character-count-fill"
          cx="12"
          cy="12"
          r={RADIUS}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - filled)}
          transform="rotate(-90 12 12)"
        />
      </svg>
      <span className="character-count-number" aria-hidden="true" data-testid="character-count">
        {state === "ok" ? `${length}/${limit}` : String(remaining)}
      </span>
      <span id={id} className="ui-visually-hidden">
        {`${length} of ${limit} characters as ${networkName} counts them, ${left}.`}
      </span>
      <span className="ui-visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
