import type { InputHTMLAttributes, ReactNode } from "react";

type TextFieldProps = {
  id: string;
  label: string;
  /** A line of help under the label. */
  hint?: ReactNode;
  /** The server's message for this field; marks it invalid and is read out with it. */
  error?: string | undefined;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "aria-invalid" | "aria-describedby">;

/** A labelled text input with its hint and its error, tied together for screen readers. */
export function TextField({ id, label, hint, error, className, ...input }: TextFieldProps) {
  const hintId = hint === undefined ? undefined : `${id}-hint`;
  const errorId = error === undefined ? undefined : `${id}-error`;
  const describedBy = [hintId, errorId].filter((part) => part !== undefined).join(" ") || undefined;
  return (
    <div className="settings-field">
      <label htmlFor={id}>{label}</label>
      {hint === undefined ? null : (
        <p id={hintId} className="settings-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        className={["settings-input", className].filter(Boolean).join(" ")}
        aria-invalid={error === undefined ? undefined : true}
        aria-describedby={describedBy}
        {...input}
      />
      {error === undefined ? null : (
        <p id={errorId} className="settings-field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The one message of a form: an error (read out at once) or a success. */
export function FormMessage({ error, success }: { error: string | null; success?: string | null }) {
  if (error !== null) {
    return (
      <p role="alert" className="form-error settings-message">
        {error}
      </p>
    );
  }
  return (
    <p role="status" className={success ? "notice notice-success settings-message" : "settings-message-empty"}>
      {success ?? ""}
    </p>
  );
}

/**
 * The 6-digit code from an e-mail or an authenticator app: a numeric keyboard, filled in by the device where it
 * can, spaces allowed (codes are often shown as "123 456").
 */
export function SixDigitCodeField(props: Omit<TextFieldProps, "className" | "autoComplete" | "inputMode" | "pattern" | "maxLength">) {
  return (
    <TextField
      {...props}
      className="settings-code-input"
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
    />
  );
}
