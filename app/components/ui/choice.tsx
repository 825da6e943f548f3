import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { classNames } from "./class-names";
import { describedByIds, FieldError, hasContent } from "./field";

export type ChoiceProps = Omit<ComponentPropsWithRef<"input">, "type" | "children"> & {
  type: "checkbox" | "radio";
  /** What choosing it means; its accessible name, written after the box. */
  label: ReactNode;
  /** A line of help under the label, read out with the box. */
  hint?: ReactNode;
  /** What is wrong: marks it invalid and is read out. */
  error?: ReactNode;
};

/**
 * The box Checkbox and Radio both draw: the input, its label after it (the whole label is the tap target), then its
 * hint and error, wired to the input before any description it names itself.
 */
export function Choice({ type, label, hint, error, id, className, ...input }: ChoiceProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hasHint = hasContent(hint);
  const hasError = hasContent(error);
  const describedBy = [describedByIds(controlId, { hint: hasHint, error: hasError }), input["aria-describedby"]]
    .filter((part) => part !== undefined)
    .join(" ");
  return (
    <div className={classNames("ui-choice", className)}>
      <input
        {...input}
        type={type}
        id={controlId}
        className="ui-choice-input"
        aria-describedby={describedBy === "" ? undefined : describedBy}
        aria-invalid={hasError ? true : input["aria-invalid"]}
      />
      <label htmlFor={controlId} className="ui-choice-label">
        {label}
      </label>
      {hasHint ? (
        <p id={`${controlId}-hint`} className="ui-field-hint ui-choice-hint">
          {hint}
        </p>
      ) : null}
      {hasError ? <FieldError id={`${controlId}-error`}>{error}</FieldError> : null}
    </div>
  );
}
