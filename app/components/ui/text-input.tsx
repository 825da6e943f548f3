import type { ComponentPropsWithRef } from "react";
import { classNames } from "./class-names";
import { useFieldControl } from "./field";

export type TextInputProps = Omit<ComponentPropsWithRef<"input">, "type"> & {
  type?: "text" | "email" | "url" | "tel" | "search" | "password" | "number" | "date" | "datetime-local";
  /** Takes the container's width; otherwise it stops at a comfortable line length (28rem). */
  fullWidth?: boolean;
};

/** A one-line text control; inside a Field it takes the Field's label, hint, error and required state. */
export function TextInput({ type = "text", fullWidth = false, className, ...input }: TextInputProps) {
  const wired = useFieldControl(input);
  return <input {...wired} type={type} className={classNames("ui-input", className)} data-full-width={fullWidth || undefined} />;
}
