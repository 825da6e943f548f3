import { useEffect, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "./button";

type CopyState = "idle" | "copied" | "failed";

export type CopyButtonProps = {
  /** What goes on the clipboard. */
  text: string;
  /** The button's label ("Copy link"); "Copy" unless told. */
  label?: string;
  /** Shown on the button and announced once copied; "Copied" unless told. */
  copiedLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
};

/** How long the button says "Copied" before it reads as a button again. */
const COPIED_FOR_MS = 2000;

/**
 * Copies `text` to the clipboard and says so: the label turns to "Copied" for a moment and a polite live region
 * announces it (a screen reader finishes what it is reading first). Where the page may not write to the clipboard, the
 * region says to copy by hand.
 */
export function CopyButton({ text, label = "Copy", copiedLabel = "Copied", variant, size = "small", className }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>("idle");

  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = () => {
    // Started inside a promise: on a page that is not a secure context `navigator.clipboard` is missing and throws.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(text))
      .then(
        () => setState("copied"),
        () => setState("failed"),
      );
  };

  return (
    <span className="ui-copy">
      <Button variant={variant} size={size} className={className} onClick={copy}>
        {state === "copied" ? copiedLabel : label}
      </Button>
      {/* Always in the page, so the announcement is heard: a live region added with its text is often not. */}
      <span role="status" className={state === "failed" ? "ui-copy-status" : "ui-visually-hidden"}>
        {state === "copied" ? copiedLabel : state === "failed" ? "Copying is not allowed here: select the text and copy it yourself." : ""}
      </span>
    </span>
  );
}
