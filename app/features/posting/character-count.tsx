import { X_MAX_WEIGHTED_LENGTH, type XTextCount } from "@contracts/networks/x/text.ts";

const NEAR_LIMIT = 20;
const RADIUS = 9;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The live count as X counts it (links 23, CJK and emoji 2): a ring that fills up, the number left once it gets
 * close, red past the limit. Screen readers get the full sentence through `id` (the text area's description) and
 * hear an announcement only when the state changes, not on every key.
 */
export function CharacterCount({ count, id }: { count: XTextCount; id: string }) {
  const { weightedLength, remaining } = count;
  const state = remaining < 0 ? "over" : remaining <= NEAR_LIMIT ? "near" : "ok";
  const filled = Math.min(1, weightedLength / X_MAX_WEIGHTED_LENGTH);
  const left = remaining < 0 ? `${-remaining} over the limit` : `${remaining} left`;
  const announcement =
    state === "over"
      ? `Over X's limit of ${X_MAX_WEIGHTED_LENGTH} characters`
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
        {state === "ok" ? `${weightedLength}/${X_MAX_WEIGHTED_LENGTH}` : String(remaining)}
      </span>
      <span id={id} className="pe-visually-hidden">
        {`${weightedLength} of ${X_MAX_WEIGHTED_LENGTH} characters as X counts them, ${left}.`}
      </span>
      <span className="pe-visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
