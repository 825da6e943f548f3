import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import { classNames } from "./class-names";
import { describedByIds, FieldError, hasContent, RequiredMark } from "./field";

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "type" | "children"> & {
  /** What ticking it means; its accessible name, written after the box. */
  label: ReactNode;
  /** A line of help under the label, read out with the box. */
  hint?: ReactNode;
  /** What is wrong (a consent that must be given): marks it invalid and is read out. */
  error?: ReactNode;
};

/** A checkbox with its label after it (the whole label is the tap target), its hint and its error wired to it. */
export function Checkbox({ label, hint, error, id, className, required, ...input }: CheckboxProps) {
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
        type="checkbox"
        id={controlId}
        className="ui-choice-input"
        required={required}
        aria-describedby={describedBy === "" ? undefined : describedBy}
        aria-invalid={hasError ? true : input["aria-invalid"]}
      />
      <label htmlFor={controlId} className="ui-choice-label">
        {label}
        <RequiredMark required={required === true} />
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
