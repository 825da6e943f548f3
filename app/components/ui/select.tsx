import type { ComponentPropsWithRef } from "react";
import { classNames } from "./class-names";
import { useFieldControl } from "./field";

export type SelectProps = ComponentPropsWithRef<"select"> & {
  /** Takes the container's width; otherwise it stops at a comfortable line length (28rem). */
  fullWidth?: boolean;
};

/**
 * The native select (its own list on every phone), drawn like the other controls; options are its children
 * (`<option>`). Inside a Field it is wired to it.
 */
export function Select({ fullWidth = false, className, ...select }: SelectProps) {
  const wired = useFieldControl(select);
  return (
    <span className="ui-select" data-full-width={fullWidth || undefined}>
      <select {...wired} className={classNames("ui-input ui-select-control", className)} />
    </span>
  );
}
