import { createContext, use, useId, type AriaAttributes, type ReactNode } from "react";
import { classNames } from "./class-names";

/** What a Field tells the control inside it: its id (the label's `for`), the ids that describe it, its state. */
type FieldControl = { id: string; describedBy: string | undefined; invalid: boolean; required: boolean };

const FieldContext = createContext<FieldControl | null>(null);

/** The ids of a field's hint and error as they are written, joined for aria-describedby (undefined when neither shows). */
export function describedByIds(id: string, parts: { hint: boolean; error: boolean }): string | undefined {
  const ids = [parts.hint ? `${id}-hint` : null, parts.error ? `${id}-error` : null].filter((part) => part !== null);
  return ids.length === 0 ? undefined : ids.join(" ");
}

/** Whether a hint or error has anything to show (an empty string is nothing). */
export const hasContent = (node: ReactNode) => node !== undefined && node !== null && node !== false && node !== "";

export type FieldProps = {
  /** What the field is; the control's accessible name. */
  label: ReactNode;
  /** A line of help under the label, read out with the control. */
  hint?: ReactNode;
  /** What is wrong with the value (the server's message for this field): marks the control invalid and is read out. */
  error?: ReactNode;
  /** Marks the label with an asterisk and the control `required`. */
  required?: boolean;
  /** Hides the label visually (it stays the accessible name): for a control whose purpose the layout makes plain. */
  labelHidden?: boolean;
  /** The control's id, when something else must point at it; generated otherwise. */
  id?: string;
  className?: string;
  /** One control of the kit: TextInput, Textarea, Select or CodeInput. */
  children: ReactNode;
};

/**
 * A labelled form field: the label, a hint, the control and its error, tied together for assistive technology (the
 * label's `for`, aria-describedby, aria-invalid, required). The control inside reads them through `useFieldControl`.
 */
export function Field({ label, hint, error, required = false, labelHidden = false, id, className, children }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hasHint = hasContent(hint);
  const hasError = hasContent(error);
  const control: FieldControl = {
    id: controlId,
    describedBy: describedByIds(controlId, { hint: hasHint, error: hasError }),
    invalid: hasError,
    required,
  };
  return (
    <div className={classNames("ui-field", className)}>
      <label htmlFor={controlId} className={classNames("ui-field-label", labelHidden && "ui-visually-hidden")}>
        {label}
        <RequiredMark required={required} />
      </label>
      {hasHint ? (
        <p id={`${controlId}-hint`} className="ui-field-hint">
          {hint}
        </p>
      ) : null}
      <FieldContext value={control}>{children}</FieldContext>
      {hasError ? <FieldError id={`${controlId}-error`}>{error}</FieldError> : null}
    </div>
  );
}

/** The asterisk after a required field's label; hidden from screen readers, which hear the control's `required`. */
export function RequiredMark({ required }: { required: boolean }) {
  return required ? (
    <span className="ui-field-required" aria-hidden="true">
      {" *"}
    </span>
  ) : null;
}

export function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="ui-field-error">
      {children}
    </p>
  );
}

type ControlAttributes = {
  id?: string;
  required?: boolean;
  "aria-describedby"?: string;
  "aria-invalid"?: AriaAttributes["aria-invalid"];
};

/**
 * A control's own attributes merged with those of the Field around it: the Field's id (its label points there), its
 * hint and error ids before any the control names itself, invalid and required when the Field says so. Outside a Field
 * the attributes are returned as given (a control named by aria-label, say).
 */
export function useFieldControl<Attributes extends ControlAttributes>(attributes: Attributes): Attributes {
  const field = use(FieldContext);
  if (field === null) return attributes;
  const describedBy = [field.describedBy, attributes["aria-describedby"]].filter((part) => part !== undefined).join(" ");
  return {
    ...attributes,
    id: field.id,
    required: field.required || attributes.required,
    "aria-describedby": describedBy === "" ? undefined : describedBy,
    "aria-invalid": field.invalid ? true : attributes["aria-invalid"],
  };
}
