import type { ReactNode } from "react";
import { classNames } from "./class-names";

export type NoticeProps = {
  /** info (default), success, warning or danger: the colour; the words carry the meaning. */
  tone?: "info" | "success" | "warning" | "danger";
  /** A bold first line. */
  title?: ReactNode;
  children?: ReactNode;
  /** An action at the end (a Button or ButtonLink). */
  action?: ReactNode;
  /**
   * How it is announced when it appears or changes: "status" (politely, the default), "alert" (at once: an error that
   * stopped what the user did), or "none" (already on the page when it loads, nothing to announce).
   */
  announce?: "status" | "alert" | "none";
  className?: string;
};

/** A message in a tinted box: a form's outcome, a warning about the page, an error that stopped something. */
export function Notice({ tone = "info", title, children, action, announce = "status", className }: NoticeProps) {
  return (
    <div className={classNames("ui-notice", className)} data-tone={tone} role={announce === "none" ? undefined : announce}>
      <div className="ui-notice-text">
        {title === undefined ? null : <p className="ui-notice-title">{title}</p>}
        {children}
      </div>
      {action === undefined ? null : <div className="ui-notice-action">{action}</div>}
    </div>
  );
}
