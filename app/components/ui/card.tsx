import { useId, type ReactNode } from "react";
import { classNames } from "./class-names";

export type CardProps = {
  /** The card's heading. */
  title?: ReactNode;
  /** The heading's level in the page's outline: 2 (default) for a card on a page, 3 inside a section. */
  headingLevel?: 2 | 3 | 4;
  /** Actions beside the title (a Button or ButtonLink), wrapping under it on narrow screens. */
  actions?: ReactNode;
  /** The element: `section` (default) for a titled part of a page, `article` for a self-contained item, `div` else. */
  as?: "section" | "article" | "div" | "li";
  className?: string;
  children: ReactNode;
};

/**
 * A panel on the page's background: a surface with a border, a radius and a soft shadow, and an optional header. A
 * titled `section` is named by its title, so it is a landmark region a reader can jump to.
 */
export function Card({ title, headingLevel = 2, actions, as: Element = "section", className, children }: CardProps) {
  const Heading = `h${headingLevel}` as const;
  const titleId = useId();
  const hasHeader = title !== undefined || actions !== undefined;
  const namedByTitle = Element === "section" && title !== undefined;
  return (
    <Element className={classNames("ui-card", className)} aria-labelledby={namedByTitle ? titleId : undefined}>
      {hasHeader ? (
        <div className="ui-card-header">
          {title === undefined ? null : (
            <Heading id={titleId} className="ui-card-title">
              {title}
            </Heading>
          )}
          {actions === undefined ? null : <div className="ui-card-actions">{actions}</div>}
        </div>
      ) : null}
      {children}
    </Element>
  );
}
