/**
 * Keeping Tab inside a modal dialog, written once. A modal <dialog> makes the page behind it inert, but Tab from its
 * last control still leaves for the browser's own toolbar; these wrap it to the first control (and Shift+Tab from the
 * first to the last), as a trap should.
 */

const FOCUSABLE_SELECTOR = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  'input:not([disabled]):not([type="hidden"])',
  "select:not([disabled])",
  "textarea:not([disabled])",
  "summary",
  "iframe",
  "[contenteditable]:not([contenteditable='false'])",
  "[tabindex]",
].join(", ");

/** What a Tab press inside the trap should do: let the browser move on, move to a given element, or stay put. */
export type TabMove<T> = { kind: "browser" } | { kind: "move"; to: T } | { kind: "stay" };

/**
 * Where Tab (or Shift+Tab, `backwards`) goes from `active` among the trap's `focusable` elements, in tab order. From
 * the last it wraps to the first and back; from outside the list (the dialog itself had focus) it enters at the
 * first, or the last going backwards; with nothing focusable, focus stays.
 */
export function tabMove<T>(focusable: readonly T[], active: T | null, backwards: boolean): TabMove<T> {
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (first === undefined || last === undefined) return { kind: "stay" };
  const index = active === null ? -1 : focusable.indexOf(active);
  if (index === -1) return { kind: "move", to: backwards ? last : first };
  if (backwards && index === 0) return { kind: "move", to: last };
  if (!backwards && index === focusable.length - 1) return { kind: "move", to: first };
  return { kind: "browser" };
}

/**
 * The elements inside `container` that Tab reaches, in document order: enabled, shown, not inert, tabindex ≥ 0; of a
 * group of radio buttons only the one Tab stops at (the checked one, else the first).
 */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  const candidates = Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)).filter(
    (element) => element.tabIndex >= 0 && element.closest("[inert]") === null && element.checkVisibility(),
  );
  return candidates.filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== "radio" || element.name === "") return true;
    const group = candidates.filter(
      (other): other is HTMLInputElement => other instanceof HTMLInputElement && other.type === "radio" && other.name === element.name,
    );
    return element === (group.find((radio) => radio.checked) ?? group[0]);
  });
}

/** What should have focus when the dialog opens: the element marked `data-autofocus`, else the first focusable one. */
export function initialFocusIn(container: HTMLElement): HTMLElement | undefined {
  const marked = container.querySelector<HTMLElement>("[data-autofocus]");
  if (marked !== null && marked.checkVisibility()) return marked;
  return focusableIn(container)[0];
}
