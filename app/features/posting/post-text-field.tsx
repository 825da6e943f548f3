import { useId } from "react";
import type { checkPostRequirements } from "@contracts/post-requirements.ts";
import { CharacterCount, type PostLength } from "./character-count";
import { IconButton } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Textarea } from "~/components/ui/textarea";
import { CloseMark } from "./close-mark";

/**
 * The post's text: the suggestion it is based on (which can be dropped), the campaign's requirements marked met or
 * missing, and the count against the chosen network's limit.
 */
export function PostTextField({
  id,
  content,
  onChange,
  count,
  requirements,
  suggestionNumber,
  onDropSuggestion,
  readOnly,
}: {
  id: string;
  content: string;
  onChange: (content: string) => void;
  count: PostLength;
  requirements: ReturnType<typeof checkPostRequirements>;
  /** The suggestion in use, counted from 1, or null. */
  suggestionNumber: number | null;
  onDropSuggestion: () => void;
  readOnly: boolean;
}) {
  const countId = useId();
  const requirementsId = useId();
  return (
    <div className="post-editor-field">
      {suggestionNumber !== null ? (
        <span className="post-editor-chip">
          {`Based on suggestion ${suggestionNumber}`}
          <IconButton size="small" label="Stop using the suggestion" icon={<CloseMark size={16} />} onClick={onDropSuggestion} />
        </span>
      ) : null}
      <Field id={id} label="Your post">
        <Textarea
          data-autofocus
          fullWidth
          value={content}
          rows={6}
          onChange={(event) => onChange(event.currentTarget.value)}
          aria-describedby={[countId, requirements.length > 0 ? requirementsId : null].filter(Boolean).join(" ")}
          aria-invalid={count.length > count.limit}
          readOnly={readOnly}
          placeholder="What do you want to say?"
        />
      </Field>
      <div className="post-editor-text-footer">
        {requirements.length > 0 ? (
          <p id={requirementsId} className="post-editor-requirements">
            {"This campaign asks for "}
            {requirements.map(({ shown, met }, index) => (
              <span key={shown} className={met ? "is-present" : undefined}>
                {index > 0 ? ", " : ""}
                {shown}
                <span className="ui-visually-hidden">{met ? " (included)" : " (missing)"}</span>
              </span>
            ))}
          </p>
        ) : (
          <span />
        )}
        <CharacterCount count={count} id={countId} />
      </div>
    </div>
  );
}
