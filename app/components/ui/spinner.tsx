import { classNames } from "./class-names";

/**
 * A small turning ring in the current text colour, for work in progress. Decorative: whatever waits says so in words
 * (a busy button keeps its label and sets aria-busy; a loading region says "Loading…").
 */
export function Spinner({ className }: { className?: string }) {
  return <span className={classNames("ui-spinner", className)} aria-hidden="true" />;
}
