import toast, { resolveValue, useToaster } from "react-hot-toast";
import { IconButton } from "~/components/ui/button";

/**
 * Toasts at the bottom right for 3 s (SPEC.md section 9). Rendered here rather than with the library's Toaster,
 * which pauses on hover: the product settings say no pause on hover or focus. Sticky toasts (errors that need
 * action) stay until dismissed.
 */
export function Toasts() {
  const { toasts } = useToaster({ duration: 3000 });
  return (
    <div className="toasts" aria-live="polite">
      {toasts
        .filter((item) => item.visible)
        .map((item) => (
          <div key={item.id} className={`toast toast-${item.type}`} {...item.ariaProps} role={item.type === "error" ? "alert" : "status"}>
            <span>{resolveValue(item.message, item)}</span>
            <IconButton
              size="small"
              className="toast-close"
              label="Dismiss"
              icon={<span aria-hidden="true">×</span>}
              onClick={() => toast.dismiss(item.id)}
            />
          </div>
        ))}
    </div>
  );
}
