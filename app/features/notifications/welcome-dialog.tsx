import { useEffect, useId, useRef } from "react";
import { AppIcon } from "~/components/app-icon";
import { useMarkNotificationRead } from "./api/mark-notification-read";
import { useNotifications } from "./notifications-context";
import "./notifications.css";

/**
 * The first-time-user notification (an unread welcome) as a dialog on the first visit after sign-in. However it
 * is closed (the button, Escape), the welcome is marked read, so it does not come back.
 */
export function WelcomeDialog() {
  const notifications = useNotifications();
  const welcome = notifications?.welcome ?? null;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const markRead = useMarkNotificationRead();
  const welcomeId = welcome?.id ?? null;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog === null) return;
    if (welcomeId !== null && !dialog.open) dialog.showModal();
    else if (welcomeId === null && dialog.open) dialog.close();
  }, [welcomeId]);

  if (welcome === null) return null;
  return (
    <dialog
      ref={dialogRef}
      className="welcome-dialog"
      aria-labelledby={headingId}
      onClose={() => {
        if (!markRead.isPending) markRead.mutate(welcome.id);
      }}
    >
      <div className="welcome-dialog-icon">
        <AppIcon name="lucide:party-popper" size={40} />
      </div>
      <h2 id={headingId}>{welcome.title}</h2>
      {welcome.body === "" ? null : <p>{welcome.body}</p>}
      <button type="button" className="button button-primary" onClick={() => dialogRef.current?.close()}>
        Get started
      </button>
    </dialog>
  );
}
