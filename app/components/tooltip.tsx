import { cloneElement, isValidElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";

/** Placement is the only part that needs Floating UI, so it loads on the first hover or focus of a tooltip. */
const loadFloatingUi = () => import("./tooltip-placement");

/**
 * Tooltips (SPEC.md section 9): placement auto-end, content may be rich (React nodes from our own code only, never
 * strings of HTML), at most 350 px wide, z-index 9999, 300 ms in and 250 ms out, 10 px from the anchor.
 *
 * Shown by CSS on hover and on keyboard focus (app.css `.tooltip-anchor`), first below the anchor by CSS; while it is
 * wanted, Floating UI places it (auto placement aligned to the end, kept inside the viewport). The anchor is described
 * by the tooltip, so a screen reader announces it with the control. Escape hides it until the pointer or focus leaves.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<Record<string, unknown>> }) {
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
  return (
    <span
      ref={anchorRef}
      className="tooltip-anchor"
      data-dismissed={dismissed || undefined}
      onKeyDown={(event) => {
        if (event.key === "Escape") setDismissed(true);
      }}
      onMouseEnter={() => setWanted(true)}
      onFocus={() => setWanted(true)}
      onMouseLeave={leave}
      onBlur={leave}
    >
      {cloneElement(children, { "aria-describedby": id })}
      <span ref={tooltipRef} id={id} role="tooltip" className="tooltip">
        {content}
      </span>
    </span>
  );
}
