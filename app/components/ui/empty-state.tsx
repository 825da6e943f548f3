import type { ReactNode } from "react";
import { classNames } from "./class-names";

export type EmptyStateProps = {
  /** What is missing, as a heading ("No campaigns yet"). */
  title: ReactNode;
  /** Why, or what will fill it. */
  text?: ReactNode;
  /** The way forward (a Button or ButtonLink). */
  action?: ReactNode;
  /** The heading's level in the page's outline: 2 (default), or 3 inside a titled section or Card. */
  headingLevel?: 2 | 3 | 4;
  className?: string;
};

/** What a list or a page shows when it has nothing yet: a heading, a sentence, and the action that would fill it. */
export function EmptyState({ title, text, action, headingLevel = 2, className }: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <div className={classNames("ui-empty-state", className)}>
      <Heading className="ui-empty-state-title">{title}</Heading>
      {text === undefined ? null : <p className="ui-empty-state-text">{text}</p>}
      {action === undefined ? null : <div className="ui-empty-state-action">{action}</div>}
    </div>
  );
}
