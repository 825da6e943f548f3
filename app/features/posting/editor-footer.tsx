import type { ReactNode } from "react";
import { Button } from "~/components/ui/button";

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
        <Button variant="quiet" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" aria-disabled={blocked} busy={busy} busyLabel={busyLabel}>
          {label}
        </Button>
      </div>
      {children}
    </footer>
  );
}
