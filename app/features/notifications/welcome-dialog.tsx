import { useState } from "react";
import { AppIcon } from "~/components/app-icon";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { useMarkNotificationRead } from "./api/mark-notification-read";
import { useNotifications } from "./notifications-context";
import "./notifications.css";

/**
 * The first-time-user notification (an unread welcome) as a dialog on the first visit after sign-in. However it
 * is closed (the button, Escape, the close button), the welcome is marked read, so it does not come back; it closes at
 * once, without waiting for the server.
 */
export function WelcomeDialog() {
  const notifications = useNotifications();
  const welcome = notifications?.welcome ?? null;
  const markRead = useMarkNotificationRead();
  const [closedId, setClosedId] = useState<string | null>(null);

  if (welcome === null) return null;
  const close = () => {
    setClosedId(welcome.id);
    if (!markRead.isPending) markRead.mutate(welcome.id);
  };
  return (
    <Dialog open={closedId !== welcome.id} onClose={close} title={welcome.title} size="small" className="welcome-dialog">
      <div className="welcome-dialog-icon">
        <AppIcon name="lucide:party-popper" size={40} />
      </div>
      {welcome.body === "" ? null : <p>{welcome.body}</p>}
      <Button variant="primary" onClick={close}>
        Get started
      </Button>
    </Dialog>
  );
}
