import type { ComponentPropsWithRef, ReactNode } from "react";
import { Choice } from "./choice";
import { RequiredMark } from "./field";

export type CheckboxProps = Omit<ComponentPropsWithRef<"input">, "type" | "children"> & {
  /** What ticking it means; its accessible name, written after the box. */
  label: ReactNode;
  /** A line of help under the label, read out with the box. */
  hint?: ReactNode;
  /** What is wrong (a consent that must be given): marks it invalid and is read out. */
  error?: ReactNode;
};

/** A checkbox with its label after it (the whole label is the tap target), its hint and its error wired to it. */
export function Checkbox({ label, required, ...input }: CheckboxProps) {
  return (
    <Choice
      {...input}
      type="checkbox"
      required={required}
      label={
        <>
          {label}
          <RequiredMark required={required === true} />
        </>
      }
    />
  );
}
