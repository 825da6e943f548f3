import type { ReactNode } from "react";
import { Link } from "react-router";
import { AppIcon } from "~/components/app-icon";
import { formatRelative } from "~/lib/format";
import { useMarkAllNotificationsRead } from "./api/mark-all-notifications-read";
import { useMarkNotificationRead } from "./api/mark-notification-read";
import { notificationTarget, type SidebarNotification, type SidebarNotificationType } from "./notification-rules";
import { useNotifications } from "./notifications-context";
import "./notifications.css";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";

/** SPEC.md section 8, verbatim. */
export const NOTIFICATIONS_LOAD_ERROR = "Error! Can not get notifications.";

const icons: Record<SidebarNotificationType, `lucide:${string}`> = {
  welcome: "lucide:party-popper",
  "campaign-joined": "lucide:user-plus",
  "campaign-ended": "lucide:flag",
  "campaign-eligible": "lucide:badge-check",
  "campaign-not-eligible": "lucide:circle-x",
  "campaign-maturity": "lucide:hourglass",
  "new-eligible-posts": "lucide:sparkles",
  "transaction-verifying": "lucide:shield-check",
  "transaction-completed": "lucide:circle-check",
  "terms-and-conditions": "lucide:file-text",
  "ad-hoc": "lucide:megaphone",
  badge: "lucide:award",
  "review-approved": "lucide:circle-check",
  "review-rejected": "lucide:circle-x",
};

/** The notification sidebar: a drawer opened by the bell (the kit's Dialog); Escape, its close button or the backdrop close it. */
export function NotificationSidebar() {
  const notifications = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  if (notifications === null) return null;
  const { items, status, unreadCount, fetchedAt, closeSidebar, sidebarOpen, sidebarId } = notifications;

  let content: ReactNode;
  if (status === "error" && items === undefined) {
    content = (
      <p className="notification-state notification-error" role="alert">
        {NOTIFICATIONS_LOAD_ERROR}
      </p>
    );
  } else if (items === undefined) {
    content = (
      <p className="notification-state" role="status">
        <AppIcon name="lucide:loader" /> Loading notifications…
      </p>
    );
  } else if (items.length === 0) {
    content = (
      <div className="notification-state notification-empty">
        <AppIcon name="lucide:inbox" size={32} />
        <p>No notifications yet. We will let you know when something happens in your campaigns.</p>
      </div>
    );
  } else {
    content = (
      <>
        {status === "error" ? (
          <p className="notification-error" role="alert">
            {NOTIFICATIONS_LOAD_ERROR}
          </p>
        ) : null}
        <ul className="notification-list">
          {items.map((notification) => (
            <NotificationItem key={notification.id} notification={notification} now={fetchedAt} onNavigate={closeSidebar} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <Dialog
      open={sidebarOpen}
      onClose={closeSidebar}
      title="Notifications"
      placement="side"
      closeLabel="Close notifications"
      closeOnBackdrop
      id={sidebarId}
      className="notification-sidebar"
    >
      <div className="notification-sidebar-actions">
        <p className="muted" aria-live="polite">
          {unreadCount === 0 ? "All caught up" : `${unreadCount} unread`}
        </p>
        <Button disabled={unreadCount === 0 || markAll.isPending} onClick={() => markAll.mutate()} size="small">
          <AppIcon name="lucide:check-check" size={16} />
          Mark all as read
        </Button>
      </div>
      <div className="notification-sidebar-body">{content}</div>
    </Dialog>
  );
}

function NotificationItem({ notification, now, onNavigate }: { notification: SidebarNotification; now: number; onNavigate: () => void }) {
  const markRead = useMarkNotificationRead();
  const target = notificationTarget(notification.link);
  const unread = !notification.isRead;
  const markThisRead = () => {
    if (unread) markRead.mutate(notification.id);
  };

  const inner = (
    <>
      <span className={`notification-type-icon notification-type-${notification.type}`}>
        <AppIcon name={icons[notification.type]} size={20} />
      </span>
      <span className="notification-text">
        <span className="notification-title">{notification.title}</span>
        {notification.body === "" ? null : <span className="notification-body">{notification.body}</span>}
        <time className="notification-time" dateTime={new Date(notification.createdAt).toISOString()}>
          {formatRelative(notification.createdAt, now)}
        </time>
      </span>
      {unread ? <span className="notification-unread-dot" aria-label="Unread" role="img" /> : null}
    </>
  );

  let entry: ReactNode;
  if (target?.kind === "internal") {
    entry = (
      <Link
        to={target.to}
        className="notification-entry"
        onClick={() => {
          markThisRead();
          onNavigate();
        }}
      >
        {inner}
      </Link>
    );
  } else if (target?.kind === "external") {
    entry = (
      <a href={target.href} className="notification-entry" target="_blank" rel="noopener noreferrer" onClick={markThisRead}>
        {inner}
        <span className="ui-visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  } else if (unread) {
    entry = (
      <Button variant="quiet" onClick={markThisRead} className="notification-entry">
        {inner}
        <span className="ui-visually-hidden"> Mark as read</span>
      </Button>
    );
  } else {
    entry = <div className="notification-entry">{inner}</div>;
  }

  return <li className={unread ? "notification-item notification-unread" : "notification-item"}>{entry}</li>;
}
