import { useEffect, useId, useRef, type KeyboardEvent } from "react";
import { CloseMark } from "./close-mark";
import { FeedbackForm } from "./feedback-form";
import type { PostEditorMode } from "./post-editor-context";
import { PostForm } from "./post-form";
import "./post-editor.css";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => element.offsetParent !== null || element === document.activeElement,
  );
}

/**
 * The editor as a modal dialog: the native <dialog> opened with showModal() makes the rest of the page inert; Tab
 * and Shift+Tab also wrap inside it, Escape closes it (natively), and the provider returns focus to what opened it.
 */
export function PostEditorDialog(props: {
  mode: PostEditorMode;
  campaignId: string | undefined;
  restoreDraft: boolean;
  onClose: () => void;
}) {
  const { mode, onClose } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element === null || element.open) return;
    element.showModal();
    const first = element.querySelector<HTMLElement>("[data-autofocus]") ?? focusableIn(element)[0];
    first?.focus();
    return () => {
      if (element.open) element.close();
    };
  }, []);

  const requestClose = () => dialog.current?.close();

  const trapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || dialog.current === null) return;
    const focusable = focusableIn(dialog.current);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  const title = mode === "post" ? "New post" : "Share feedback";
  const description =
    mode === "post"
      ? "Write a post for one of your campaigns. It is published on X from your account."
      : "Tell the Chorus team what works and what does not. Nothing is posted on X.";
  return (
    <dialog
      ref={dialog}
      className={`post-editor post-editor-${mode}`}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      // Escape closes a modal <dialog> natively; every way of closing ends here.
      onClose={onClose}
      onKeyDown={trapTab}
    >
      <div className="post-editor-frame">
        <header className="post-editor-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="post-editor-close" aria-label="Close" onClick={requestClose}>
            <CloseMark />
          </button>
        </header>
        <p id={descriptionId} className="post-editor-description">
          {description}
        </p>
        {mode === "post" ? (
          <PostForm initialCampaignId={props.campaignId} restoreDraft={props.restoreDraft} onDone={requestClose} />
        ) : (
          <FeedbackForm onDone={requestClose} />
        )}
      </div>
    </dialog>
  );
}
