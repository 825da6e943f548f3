import { useEffect } from "react";
import { titleWithUnreadPrefix } from "./notification-rules";

/**
 * Keeps "(n) " in front of the page title while n notifications are unread. Each page sets its own title
 * (React Router's <Meta />), so the prefix is put back whenever the title element changes.
 */
export function useDocumentTitlePrefix(count: number): void {
  useEffect(() => {
    const apply = () => {
      const next = titleWithUnreadPrefix(document.title, count);
      if (next !== document.title) document.title = next;
    };
    apply();
    const observer = new MutationObserver(apply);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      document.title = titleWithUnreadPrefix(document.title, 0);
    };
  }, [count]);
}
