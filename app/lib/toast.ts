import toast from "react-hot-toast";
import { errorText } from "./error-text";

/**
 * The one way to tell a person that something failed: the spec's error text (SPEC.md section 8) in a toast.
 * Errors that need the person to act stay until dismissed (`sticky`, the spec's timeout 0).
 */
export function notifyError(error: unknown, options: { sticky?: boolean } = {}): void {
  toast.error(errorText(error), { duration: options.sticky ? Infinity : 3000 });
}

export function notifySuccess(message: string): void {
  toast.success(message);
}
