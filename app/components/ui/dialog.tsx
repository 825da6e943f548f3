import { useEffect, useEffectEvent, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from "react";
import { IconButton } from "./button";
import { classNames } from "./class-names";
import { focusableIn, initialFocusIn, tabMove } from "./focus-trap";

export type DialogProps = {
  /** Shown while true. The caller owns this state: the dialog asks to close through `onClose` and never closes itself. */
  open: boolean;
  /** Escape, the close button, a `<form method="dialog">` inside, or (with `closeOnBackdrop`) a click beside it. */
  onClose: () => void;
  /** The dialog's accessible name, shown as its heading (h2). */
  title: ReactNode;
  /** A sentence under the title, read out with the name (aria-describedby). */
  description?: ReactNode;
  children: ReactNode;
  /** The row of actions at the bottom (Buttons), kept in view while the body scrolls. */
  footer?: ReactNode;
  /** Width from 641 px up: small 420 px, medium 560 px (default), large 760 px. Narrower screens get a full-width sheet. */
  size?: "small" | "medium" | "large";
  /**
   * center (default): in the middle of the screen. side: a drawer the full height of the screen along its right edge
   * (a list beside the page, such as the notifications), the full screen on phones.
   */
  placement?: "center" | "side";
  /** Below 641 px: a sheet along the bottom edge as tall as its content (default), or the whole screen (a long form). */
  phoneLayout?: "sheet" | "full-screen";
  /** The close button's accessible name when "Close" alone is ambiguous ("Close notifications"). */
  closeLabel?: string;
  /** The element's id, for a control that names it in aria-controls. */
  id?: string;
  /**
   * false while closing would lose work in flight (a request being sent): Escape and the close button do nothing then.
   * Default true.
   */
  dismissible?: boolean;
  /** A click on the backdrop closes too. Off by default: a stray tap beside a form should not throw its input away. */
  closeOnBackdrop?: boolean;
  /** Where focus goes back to on closing when the element that opened it is gone (a menu that closed meanwhile). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  className?: string;
};

/**
 * The app's modal dialog: the native <dialog> opened with showModal(), so the page behind is inert and the dialog is in
 * the top layer (no z-index contest). Written here once: Tab wraps inside it, Escape asks the caller to close, focus goes
 * to the element marked `data-autofocus` (else the first control) on opening and back to the opener on closing, the
 * page behind does not scroll. From 641 px up it is centred; narrower, it is a sheet along the bottom edge.
 */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = "medium",
  placement = "center",
  phoneLayout = "sheet",
  closeLabel = "Close",
  id,
  dismissible = true,
  closeOnBackdrop = false,
  returnFocusTo,
  className,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const pressedOn = useRef<EventTarget | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  const askToClose = useEffectEvent(() => {
    if (dismissible) onClose();
  });
  // The browser closed it without asking (a `<form method="dialog">`, or Escape pressed again after a refused one).
  const closedByBrowser = useEffectEvent(() => onClose());
  const focusBack = useEffectEvent((opener: HTMLElement | null) => {
    const target = opener?.isConnected ? opener : (returnFocusTo?.current ?? null);
    target?.focus();
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || dialog === null) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const cancel = (event: Event) => {
      event.preventDefault();
      askToClose();
    };
    const closed = () => closedByBrowser();
    dialog.addEventListener("cancel", cancel);
    dialog.addEventListener("close", closed);
    if (!dialog.open) dialog.showModal();
    initialFocusIn(dialog)?.focus();
    return () => {
      dialog.removeEventListener("cancel", cancel);
      dialog.removeEventListener("close", closed);
      if (dialog.open) dialog.close();
      focusBack(opener);
    };
  }, [open]);

  const keepTabInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== "Tab" || event.defaultPrevented) return;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const move = tabMove(focusableIn(event.currentTarget), active, event.shiftKey);
    if (move.kind === "browser") return;
    event.preventDefault();
    if (move.kind === "move") move.to.focus();
  };

  return (
    <dialog
      ref={dialogRef}
      id={id}
      className={classNames("ui-dialog", className)}
      data-size={size}
      data-placement={placement}
      data-phone-layout={phoneLayout}
      aria-labelledby={titleId}
      aria-describedby={description === undefined ? undefined : descriptionId}
      onKeyDown={keepTabInside}
      onPointerDown={(event) => {
        pressedOn.current = event.target;
      }}
      onClick={(event) => {
        // A click on the <dialog> element itself is on its backdrop: the frame inside covers the whole dialog box.
        const onBackdrop = event.target === event.currentTarget && pressedOn.current === event.currentTarget;
        if (onBackdrop && closeOnBackdrop && dismissible) onClose();
      }}
    >
      <div className="ui-dialog-frame">
        <header className="ui-dialog-header">
          <h2 id={titleId} className="ui-dialog-title">
            {title}
          </h2>
          <IconButton label={closeLabel} icon={<CloseMark />} disabled={!dismissible} onClick={onClose} className="ui-dialog-close" />
        </header>
        {description === undefined ? null : (
          <p id={descriptionId} className="ui-dialog-description">
            {description}
          </p>
        )}
        <div className="ui-dialog-body">{children}</div>
        {footer === undefined ? null : <footer className="ui-dialog-footer">{footer}</footer>}
      </div>
    </dialog>
  );
}

function CloseMark() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
