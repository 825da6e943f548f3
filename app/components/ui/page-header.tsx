import type { ReactNode } from "react";
import { classNames } from "./class-names";

export type PageHeaderProps = {
  /** The page's one h1. */
  title: ReactNode;
  /** A sentence or two under the title: what the page is for. */
  description?: ReactNode;
  /** The page's actions (Buttons, ButtonLinks), beside the title on wide screens and under it on phones. */
  actions?: ReactNode;
  /** A small line above the title: where the page sits (an account's name, "Advertiser console"). */
  eyebrow?: ReactNode;
  className?: string;
};

/** The top of a page: its title (h1), what it is for, and its actions. */
export function PageHeader({ title, description, actions, eyebrow, className }: PageHeaderProps) {
  return (
    <header className={classNames("ui-page-header", className)}>
      <div className="ui-page-header-text">
        {eyebrow === undefined ? null : <p className="ui-page-header-eyebrow">{eyebrow}</p>}
        <h1 className="ui-page-header-title">{title}</h1>
        {description === undefined ? null : <p className="ui-page-header-description">{description}</p>}
      </div>
      {actions === undefined ? null : <div className="ui-page-header-actions">{actions}</div>}
    </header>
  );
}
