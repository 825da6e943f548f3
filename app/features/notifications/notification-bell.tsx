import { AppIcon } from "~/components/app-icon";
import { badgeText, bellLabel } from "./notification-rules";
import { useNotifications } from "./notifications-context";
import "./notifications.css";
import { Button } from "~/components/ui/button";

/** The header's bell: a red badge with the unread count ("9+" above 9), a plain bell at 0. Opens the sidebar. */
export function NotificationBell() {
  const notifications = useNotifications();
  if (notifications === null) return null;
  const badge = badgeText(notifications.unreadCount);
  return (
    <Button
      variant="quiet"
      icon={<AppIcon name="lucide:bell" size={22} />}
      aria-label={bellLabel(notifications.unreadCount)}
      aria-haspopup="dialog"
      aria-expanded={notifications.sidebarOpen}
      aria-controls={notifications.sidebarId}
      onClick={notifications.toggleSidebar}
      className="notification-bell"
    >
      {badge === null ? null : (
        <span className="notification-badge" data-testid="notification-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </Button>
  );
}
