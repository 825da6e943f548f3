import {
  autoPlacement,
  FloatingPortal,
  offset,
  shift,
  useDismiss,
  useFloating,
  useFocus,
  useHover,
  useInteractions,
  useRole,
  useTransitionStyles,
  autoUpdate,
} from "@floating-ui/react";
import { cloneElement, isValidElement, useState, type ReactElement, type ReactNode } from "react";

/**
 * Tooltips (SPEC.md section 9): placement auto-end, content may be rich (React nodes from our own code only, never
 * strings of HTML), at most 350 px wide, z-index 9999, 300 ms in and 250 ms out, 10 px from the anchor.
 */
export function Tooltip({ content, children }: { content: ReactNode; children: ReactElement<Record<string, unknown>> }) {
  const [open, setOpen] = useState(false);
  const { refs, floatingStyles, context } = useFloating({
    open,
    onOpenChange: setOpen,
    whileElementsMounted: autoUpdate,
    middleware: [offset({ mainAxis: 10, crossAxis: 0 }), autoPlacement({ alignment: "end" }), shift({ padding: 8 })],
  });
  const interactions = useInteractions([
    useHover(context, { move: false, delay: { open: 300, close: 250 } }),
    useFocus(context),
    useDismiss(context),
    useRole(context, { role: "tooltip" }),
  ]);
  const { isMounted, styles } = useTransitionStyles(context, { duration: { open: 300, close: 250 } });
  // Floating UI's `refs.setReference`/`setFloating` are callback refs handed to elements, not reads of a ref.
  const { setReference, setFloating } = refs;
  if (!isValidElement(children)) return children;
  return (
    <>
      {cloneElement(children, { ref: setReference, ...interactions.getReferenceProps(children.props) })}
      {isMounted ? (
        <FloatingPortal>
          <div
            ref={setFloating}
            className="tooltip"
            style={{ ...floatingStyles, ...styles, maxWidth: 350, zIndex: 9999 }}
            {...interactions.getFloatingProps()}
          >
            {content}
          </div>
        </FloatingPortal>
      ) : null}
    </>
  );
}
