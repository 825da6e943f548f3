import type { ComponentPropsWithRef } from "react";
import { classNames } from "./class-names";
import { useFieldControl } from "./field";

export type TextareaProps = ComponentPropsWithRef<"textarea"> & {
  /** Takes the container's width; otherwise it stops at a comfortable line length (28rem). */
  fullWidth?: boolean;
};

/** A multi-line text control (4 rows unless told), resizable vertically; inside a Field it is wired to it. */
export function Textarea({ fullWidth = false, rows = 4, className, ...textarea }: TextareaProps) {
  const wired = useFieldControl(textarea);
  return (
    <textarea {...wired} rows={rows} className={classNames("ui-input ui-textarea", className)} data-full-width={fullWidth || undefined} />
  );
}
