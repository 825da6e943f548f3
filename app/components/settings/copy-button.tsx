import { useState } from "react";

/** Copies `text` to the clipboard and says so; says how to copy by hand where the clipboard is not available. */
export function CopyButton({ text, label, copiedLabel = "Copied" }: { text: string; label: string; copiedLabel?: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  return (
    <>
      <button
        type="button"
        className="button button-small"
        onClick={() => {
          navigator.clipboard.writeText(text).then(
            () => setState("copied"),
            () => setState("failed"),
          );
        }}
      >
        {state === "copied" ? copiedLabel : label}
      </button>
      <span role="status" className="settings-copy-status">
        {state === "failed" ? "Copying is not allowed here: select the text and copy it yourself." : ""}
      </span>
    </>
  );
}
