import type { ReactNode } from "react";

/** The editor's footer in both modes: an optional hint, Cancel, and the submit button with its progress. */
export function EditorFooter({
  hint,
  onCancel,
  blocked,
  busy,
  label,
  busyLabel,
  children,
}: {
  hint: ReactNode;
  onCancel: () => void;
  blocked: boolean;
  busy: boolean;
  label: string;
  busyLabel: string;
  children?: ReactNode;
}) {
  return (
    <footer className="post-editor-footer">
      {hint === null ? <span /> : <p className="post-editor-hint">{hint}</p>}
      <div className="post-editor-actions">
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button button-primary" aria-disabled={blocked} aria-busy={busy}>
          {busy ? (
            <>
              <span className="pe-spinner pe-spinner-light" aria-hidden="true" />
              {busyLabel}
            </>
          ) : (
            label
          )}
        </button>
      </div>
      {children}
    </footer>
  );
}
