import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";

/** Placement is the only part that needs Floating UI, so it loads on the first hover or focus of a tooltip. */
const loadFloatingUi = () => import("./tooltip-placement");

export type TooltipProps = {
  /** What the tooltip says: text or React nodes from our own code (never a string of HTML). */
  content: ReactNode;
  /** The one element it describes (a button, a link, an icon with tabIndex 0): it gets aria-describedby. */
  children: ReactElement<Record<string, unknown>>;
};

/**
 * Tooltips (SPEC.md section 9): placement auto-end, rich content, at most 350 px wide, z-index 9999, 300 ms in and 250
 * ms out, 10 px from the anchor.
 *
 * Shown by CSS on hover and on keyboard focus (ui.css `.ui-tooltip-anchor`), first below the anchor by CSS anchor
 * positioning; while it is wanted, Floating UI, loaded then (decision 028: no bytes before), places it (auto placement
 * aligned to the end, kept inside the viewport). The anchor is described by the tooltip, so a screen reader reads it
 * with the control. Escape hides it until the pointer or focus leaves, and is then kept from closing a dialog around it.
 */
export function Tooltip({ content, children }: TooltipProps) {
  const id = useId();
  const [dismissed, setDismissed] = useState(false);
  const [wanted, setWanted] = useState(false);
  const anchorRef = useRef<HTMLSpanElement>(null);
  const tooltipRef = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    const anchor = anchorRef.current;
    const tooltip = tooltipRef.current;
    if (!wanted || anchor === null || tooltip === null) return;
    let stopUpdating: (() => void) | undefined;
    let cancelled = false;
    void loadFloatingUi().then(({ autoUpdate, computePosition, autoPlacement, offset, shift }) => {
      if (cancelled) return;
      stopUpdating = autoUpdate(anchor, tooltip, () => {
        void computePosition(anchor, tooltip, {
          strategy: "fixed",
          middleware: [offset(10), autoPlacement({ alignment: "end" }), shift({ padding: 8 })],
        }).then(({ x, y }) => {
          tooltip.style.left = `${x}px`;
          tooltip.style.top = `${y}px`;
          tooltip.dataset.placed = "";
        });
      });
    });
    return () => {
      cancelled = true;
      stopUpdating?.();
    };
  }, [wanted]);

  if (!isValidElement(children)) return children;
  const leave = () => {
    setDismissed(false);
    setWanted(false);
  };
  const describedBy = [children.props["aria-describedby"], id].filter((part) => typeof part === "string").join(" ");
  return (
    <span
      ref={anchorRef}
      className="ui-tooltip-anchor"
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        const showing = tooltipRef.current?.checkVisibility({ visibilityProperty: true }) ?? false;
        if (event.key !== "Escape" || !showing || dismissed) return;
        // An Escape that hides the tooltip does only that; a dialog around it closes on the next.
        event.preventDefault();
        setDismissed(true);
      }}
      onMouseEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      onMouseLeave={leave}
      onBlur={leave}
    >
      {cloneElement(children, { "aria-describedby": describedBy })}
      <span ref={tooltipRef} id={id} role="tooltip" className="ui-tooltip">
        {content}
      </span>
    </span>
  );
}
