import { createContext, use, useId, type ChangeEvent, type ComponentPropsWithRef, type ReactNode } from "react";
import { classNames } from "./class-names";
import { Choice } from "./choice";
import { describedByIds, FieldError, hasContent, RequiredMark } from "./field";

type RadioGroupState = {
  name: string;
  value: string | undefined;
  defaultValue: string | undefined;
  onChange: ((value: string, event: ChangeEvent<HTMLInputElement>) => void) | undefined;
  required: boolean;
  disabled: boolean;
};

const RadioGroupContext = createContext<RadioGroupState | null>(null);

export type RadioGroupProps = {
  /** The question the options answer: the group's accessible name, shown as its legend. */
  legend: ReactNode;
  /** The form field name of every option. Generated when not given (a group handled in state only). */
  name?: string;
  /** The chosen option, for a group held in state; with `defaultValue` instead, the browser holds it. */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string, event: ChangeEvent<HTMLInputElement>) => void;
  hint?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Options side by side where they fit (short labels), instead of one under another. */
  inline?: boolean;
  className?: string;
  /** The options: Radio elements. */
  children: ReactNode;
};

/**
 * A set of options of which one is chosen: a fieldset (role radiogroup) named by its legend, its hint and error read
 * out on entering it, arrow keys moving between its Radio options as the browser does for native radios.
 */
export function RadioGroup({
  legend,
  name,
  value,
  defaultValue,
  onChange,
  hint,
  error,
  required = false,
  disabled = false,
  inline = false,
  className,
  children,
}: RadioGroupProps) {
  const groupId = useId();
  const hasHint = hasContent(hint);
  const hasError = hasContent(error);
  const state: RadioGroupState = { name: name ?? groupId, value, defaultValue, onChange, required, disabled };
  return (
    <fieldset
      className={classNames("ui-field ui-radio-group", className)}
      role="radiogroup"
      aria-describedby={describedByIds(groupId, { hint: hasHint, error: hasError })}
      aria-invalid={hasError || undefined}
      aria-required={required || undefined}
      disabled={disabled}
    >
      <legend className="ui-field-label">
        {legend}
        <RequiredMark required={required} />
      </legend>
      {hasHint ? (
        <p id={`${groupId}-hint`} className="ui-field-hint">
          {hint}
        </p>
      ) : null}
      <div className="ui-radio-options" data-inline={inline || undefined}>
        <RadioGroupContext value={state}>{children}</RadioGroupContext>
      </div>
      {hasError ? <FieldError id={`${groupId}-error`}>{error}</FieldError> : null}
    </fieldset>
  );
}

export type RadioProps = Omit<ComponentPropsWithRef<"input">, "type" | "name" | "value" | "checked" | "defaultChecked" | "children"> & {
  value: string;
  label: ReactNode;
  /** A line under the option's label, read out with it. */
  hint?: ReactNode;
};

/** One option of a RadioGroup; it takes its name, checked state and changes from the group. */
export function Radio({ value, onChange, ...option }: RadioProps) {
  const group = use(RadioGroupContext);
  if (group === null) throw new Error("A Radio belongs inside a RadioGroup");
  const held = group.value !== undefined;
  return (
    <Choice
      {...option}
      type="radio"
      name={group.name}
      value={value}
      required={group.required || undefined}
      checked={held ? group.value === value : undefined}
      defaultChecked={held ? undefined : group.defaultValue === value}
      onChange={(event) => {
        onChange?.(event);
        group.onChange?.(value, event);
      }}
    />
  );
}
