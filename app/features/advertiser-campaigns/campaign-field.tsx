import type { ReactNode } from "react";

/** A labelled control of the campaign form, with its error under it (`{id}-error`, which the control names). */
export function CampaignField({
  label,
  error,
  id,
  children,
}: {
  label: string;
  error: string | undefined;
  id: string;
  children: ReactNode;
}) {
  return (
    <label htmlFor={id}>
      {label}
      {children}
      {error === undefined ? null : (
        <span className="campaign-field-error" id={`${id}-error`} role="alert">
          {error}
        </span>
      )}
    </label>
  );
}
