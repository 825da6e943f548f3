import { Field, type FieldProps } from "./field";
import { TextInput } from "./text-input";

/** How the number is typed: whole ones in a number input between bounds, amounts and percentages as decimal text. */
type NumberFormat =
  /** Days, hours, scores: `type="number"` with its bounds and the numeric keypad. */
  | { inputMode: "numeric"; min: number; max: number }
  /**
   * Amounts and percentages: text with the decimal keypad, read exactly by the form (`parseDecimalAmount`, never a
   * float), so nothing rounds what was typed.
   */
  | { inputMode: "decimal" };

export type NumberFieldProps = Omit<FieldProps, "label" | "children"> &
  NumberFormat & {
    /** What the number is. */
    label: string;
    /** What it counts ("days", "%", a currency), said after the label the same way in every field: "Validation window (days)". */
    unit?: string;
    /** The text as typed: the form parses it, and the server names the field when it is wrong. */
    value: string;
    onValueChange: (value: string) => void;
    name?: string;
    fullWidth?: boolean;
  };

/**
 * A labelled number: a Field (label, hint, the server's error, required) around a TextInput that keeps the text as
 * typed. The unit is part of the label, so it is also the control's accessible name.
 */
export function NumberField({ label, unit, value, onValueChange, name, fullWidth, ...rest }: NumberFieldProps) {
  const { field, bounds } = splitFormat(rest);
  return (
    <Field {...field} label={unit === undefined ? label : `${label} (${unit})`}>
      <TextInput {...bounds} name={name} fullWidth={fullWidth} value={value} onChange={(event) => onValueChange(event.target.value)} />
    </Field>
  );
}

function splitFormat(props: Omit<FieldProps, "label" | "children"> & NumberFormat) {
  if (props.inputMode === "numeric") {
    const { inputMode, min, max, ...field } = props;
    return { field, bounds: { type: "number" as const, inputMode, min, max } };
  }
  const { inputMode, ...field } = props;
  return { field, bounds: { inputMode } };
}
