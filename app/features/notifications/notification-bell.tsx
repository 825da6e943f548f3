import { AppIcon } from "~/components/app-icon";
import { badgeText, bellLabel } from "./notification-rules";
import { useNotifications } from "./notifications-context";
import "./notifications.css";

/** The header's bell: a red badge with the unread count ("9+" above 9), a plain bell at 0. Opens the sidebar. */
export function NotificationBell() {
  const notifications = useNotifications();
  if (notifications === null) return null;
  const badge = badgeText(notifications.unreadCount);
  return (
    <button
      type="button"
      className="notification-bell"
      aria-label={bellLabel(notifications.unreadCount)}
      aria-haspopup="dialog"
      aria-expanded={notifications.sidebarOpen}
      aria-controls={notifications.sidebarId}
      onClick={notifications.toggleSidebar}
    >
      <AppIcon name="lucide:bell" size={22} />
      {badge === null ? null : (
        <span className="notification-badge" data-testid="notification-badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </button>
  );
}
