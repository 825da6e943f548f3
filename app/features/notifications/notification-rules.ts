import type { Notification, NotificationEventType } from "@contracts/notifications.ts";

/*
 * The notification rules of SPEC.md sections 2, 3 and 4 as pure functions: what the sidebar lists, what counts as
 * unread, the bell's badge and the title's prefix.
 */

/** The types the sidebar shows, in the browser's words. */
export type SidebarNotificationType =
  | "welcome"
  | "campaign-joined"
  | "campaign-ended"
  | "campaign-eligible"
  | "campaign-not-eligible"
  | "campaign-maturity"
  | "new-eligible-posts"
  | "transaction-verifying"
  | "transaction-completed"
  | "terms-and-conditions"
  | "ad-hoc"
  | "badge"
  | "review-approved"
  | "review-rejected";

/** Server type → sidebar type; the server types missing here are dropped from the sidebar. */
const sidebarTypes: Partial<Record<NotificationEventType, SidebarNotificationType>> = {
  welcome: "welcome",
  "campaign-joined": "campaign-joined",
  "campaign-ended": "campaign-ended",
  "campaign-eligible": "campaign-eligible",
  "campaign-not-eligible": "campaign-not-eligible",
  "campaign-maturity": "campaign-maturity",
  "posts-eligible": "new-eligible-posts",
  "transaction-verifying": "transaction-verifying",
  "transaction-completed": "transaction-completed",
  "terms-and-conditions": "terms-and-conditions",
  "ad-hoc-notification": "ad-hoc",
  "vlayer-badge": "badge",
  "review-approved": "review-approved",
  "review-rejected": "review-rejected",
};

export function sidebarTypeOf(eventType: NotificationEventType): SidebarNotificationType | null {
  return sidebarTypes[eventType] ?? null;
}

export type SidebarNotification = Notification & { type: SidebarNotificationType };

/** An unread welcome notification: the first-time-user notification, shown as a welcome dialog. */
function isFirstTimeUserNotification(notification: Notification): boolean {
  return notification.eventType === "welcome" && !notification.isRead;
}

/** What the sidebar lists: the kept types, without the first-time-user notification, in the server's order. */
export function sidebarNotifications(notifications: readonly Notification[]): SidebarNotification[] {
  return notifications.flatMap((notification) => {
    const type = sidebarTypeOf(notification.eventType);
    if (type === null || isFirstTimeUserNotification(notification)) return [];
    return [{ ...notification, type }];
  });
}

/** The unread welcome notification (the newest, should there be more), or null. */
export function firstTimeUserNotification(notifications: readonly Notification[]): Notification | null {
  return notifications.find(isFirstTimeUserNotification) ?? null;
}

/**
 * Whether a notification counts in the unread count of the bell and the title (SPEC.md section 4): every unread one
 * but the unread welcome (it has its own dialog), whatever its type. The server counts them all
 * (`GET /v1/notification/recent`'s `unreadCount`); this rule lets the browser lower the count at once on marking read.
 */
export function countsAsUnread(notification: Notification): boolean {
  return !notification.isRead && !isFirstTimeUserNotification(notification);
}

/** The unread count of a list, by the rule above. */
export function unreadCount(notifications: readonly Notification[]): number {
  return notifications.filter(countsAsUnread).length;
}

/** The unread campaign-eligible notifications: payouts waiting to be confirmed (the dashboard's banners). */
export function eligibleCampaignNotifications(notifications: readonly Notification[]): Notification[] {
  return notifications.filter((notification) => notification.eventType === "campaign-eligible" && !notification.isRead);
}

/** The bell's badge: none at 0, the count up to 9, "9+" above. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}

/** The bell's accessible name. */
export function bellLabel(count: number): string {
  return count > 0 ? `Notifications, ${count} unread` : "Notifications";
}

const unreadPrefix = /^\(\d+\) /;

/** The page title with "(n) " in front when n notifications are unread; an earlier prefix is replaced. */
export function titleWithUnreadPrefix(title: string, count: number): string {
  const bare = title.replace(unreadPrefix, "");
  return count > 0 ? `(${count}) ${bare}` : bare;
}

export type NotificationTarget = { kind: "internal"; to: string } | { kind: "external"; href: string };

/**
 * Where a notification leads: a path of this app, or an http(s) page elsewhere. Anything else (another scheme,
 * a protocol-relative URL, nonsense) is no link at all.
 */
export function notificationTarget(link: string | null): NotificationTarget | null {
  if (link === null || link.trim() === "") return null;
  if (link.startsWith("/") && !link.startsWith("//") && !link.startsWith("/\\")) return { kind: "internal", to: link };
  try {
    const url = new URL(link);
    return url.protocol === "https:" || url.protocol === "http:" ? { kind: "external", href: url.toString() } : null;
  } catch {
    return null;
  }
}
