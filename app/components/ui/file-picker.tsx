import { useId, type ComponentPropsWithRef, type ReactNode } from "react";
import type { ButtonSize, ButtonVariant } from "./button";

export type FilePickerProps = Omit<ComponentPropsWithRef<"input">, "type" | "className" | "children" | "size"> & {
  /** What picking does ("Add images"): the label drawn as a button, and the file input's accessible name. */
  label: ReactNode;
  /** Shown before the label (an aria-hidden icon). */
  icon?: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
};

/**
 * Picking files: the browser's file input, kept in the page (its keyboard, its accessible name, its file dialog) but
 * hidden, and its label drawn as the kit's Button, so the whole label opens the file dialog.
 */
export function FilePicker({ label, icon, variant = "secondary", size = "medium", id, disabled, ...input }: FilePickerProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <span className="ui-file-picker">
      <input {...input} id={inputId} type="file" className="ui-visually-hidden ui-file-picker-input" disabled={disabled} />
      <label htmlFor={inputId} className="ui-button" data-variant={variant} data-size={size} aria-disabled={disabled || undefined}>
        {icon === undefined ? null : <span className="ui-button-icon">{icon}</span>}
        <span className="ui-button-label">{label}</span>
      </label>
    </span>
  );
}
