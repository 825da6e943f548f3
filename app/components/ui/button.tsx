import type { ComponentPropsWithRef, MouseEvent, ReactNode } from "react";
import { Link } from "react-router";
import { classNames } from "./class-names";
import { Spinner } from "./spinner";

/**
 * primary: the one main action of a screen or form. secondary: the other actions (the default). quiet: low-emphasis
 * actions in dense places (Cancel, Close, toolbars), no border until hovered. danger: destroys or gives up something.
 * link: looks like a link, acts as a button (an action inside a sentence).
 */
export type ButtonVariant = "primary" | "secondary" | "quiet" | "danger" | "link";
/** medium is 44 px high (a comfortable tap); small (36 px) for dense rows; large for a page's single call to action. */
export type ButtonSize = "small" | "medium" | "large";

type ButtonLook = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the full width of its container (a form's only action on a phone). */
  fullWidth?: boolean;
  /** Shown before the label (an icon element; the kit sets its size and hides nothing: pass aria-hidden icons). */
  icon?: ReactNode;
};

function lookAttributes({ variant = "secondary", size = "medium", fullWidth = false }: ButtonLook, className: string | undefined) {
  return {
    className: classNames("ui-button", className),
    "data-variant": variant,
    "data-size": size,
    "data-full-width": fullWidth || undefined,
  };
}

const isEmpty = (node: ReactNode) => node === undefined || node === null || node === false;

function ButtonContent({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <>
      {isEmpty(icon) ? null : <span className="ui-button-icon">{icon}</span>}
      {isEmpty(children) ? null : <span className="ui-button-label">{children}</span>}
    </>
  );
}

export type ButtonProps = Omit<ComponentPropsWithRef<"button">, "type"> &
  ButtonLook & {
    /** "button" unless said otherwise: a button in a form submits it only when asked to (`type="submit"`). */
    type?: "button" | "submit" | "reset";
    /**
     * Work started by this button is under way: a spinner shows, aria-busy is set, and the button is disabled (it
     * cannot be pressed again, nor can Enter in the form submit it again) while keeping focus, so a keyboard or screen
     * reader user stays where they were.
     */
    busy?: boolean;
    /** The label while busy ("Saving…"); the normal label stays when not given. */
    busyLabel?: ReactNode;
  };

/**
 * The app's button. Busy is `aria-disabled`, not the `disabled` attribute: a disabled button drops the focus its user
 * just pressed it with. Activation is refused in the click handler, which also cancels a form's implicit submission
 * (Enter in a field clicks the default button).
 */
export function Button({
  variant,
  size,
  fullWidth,
  icon,
  type = "button",
  busy = false,
  busyLabel,
  className,
  children,
  onClick,
  ...button
}: ButtonProps) {
  const refuseWhileBusy = (event: MouseEvent<HTMLButtonElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  const leading = busy ? <Spinner /> : icon;
  return (
    <button
      {...button}
      {...lookAttributes({ variant, size, fullWidth }, className)}
      type={type}
      aria-busy={busy || undefined}
      aria-disabled={busy || button["aria-disabled"] || undefined}
      onClick={refuseWhileBusy}
    >
      <ButtonContent icon={leading}>{busy && busyLabel !== undefined ? busyLabel : children}</ButtonContent>
    </button>
  );
}

export type ButtonLinkProps = ComponentPropsWithRef<typeof Link> &
  ButtonLook & {
    /**
     * The navigation it started is under way (a document that takes a while, such as X's sign-in page): a spinner
     * shows, aria-busy is set and further presses are refused, as on Button. The link keeps its href and its focus.
     */
    busy?: boolean;
  };

/**
 * A link that looks like a button: navigation (to another page, or a document such as a sign-in URL with
 * `reloadDocument`) that reads as an action. It stays a link for assistive technology and works before hydration.
 */
export function ButtonLink({ variant, size, fullWidth, icon, busy = false, className, children, onClick, ...link }: ButtonLinkProps) {
  const refuseWhileBusy = (event: MouseEvent<HTMLAnchorElement>) => {
    if (busy) {
      event.preventDefault();
      return;
    }
    onClick?.(event);
  };
  return (
    <Link
      {...link}
      {...lookAttributes({ variant, size, fullWidth }, className)}
      aria-busy={busy || undefined}
      aria-disabled={busy || link["aria-disabled"] || undefined}
      onClick={refuseWhileBusy}
    >
      <ButtonContent icon={busy ? <Spinner /> : icon}>{children}</ButtonContent>
    </Link>
  );
}

export type IconButtonProps = Omit<ButtonProps, "children" | "icon" | "busyLabel" | "fullWidth" | "aria-label"> & {
  /** What the button does, read out and used as its accessible name ("Close", "Open menu"). */
  label: string;
  icon: ReactNode;
};

/** A square button showing only an icon; its label is its accessible name. */
export function IconButton({ label, icon, variant = "quiet", className, ...button }: IconButtonProps) {
  return <Button {...button} variant={variant} className={classNames("ui-icon-button", className)} icon={icon} aria-label={label} />;
}
