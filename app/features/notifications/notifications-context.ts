import { createContext, useContext } from "react";
import type { Notification } from "@contracts/notifications.ts";
import type { SidebarNotification } from "./notification-rules";

export type NotificationsState = {
  sidebarOpen: boolean;
  toggleSidebar(): void;
  closeSidebar(): void;
  sidebarId: string;
  /** Undefined until the first answer (and after a failed first load). */
  items: SidebarNotification[] | undefined;
  welcome: Notification | null;
  unreadCount: number;
  status: "pending" | "error" | "success";
  /** When the shown list was fetched: relative times count from here, so they agree with what was loaded. */
  fetchedAt: number;
};

/** Filled by `NotificationsProvider` (`notifications-provider.tsx`); the views read it and never import the provider. */
export const NotificationsContext = createContext<NotificationsState | null>(null);

/** The notifications of the signed-in user, or null for a visitor who is not signed in (or outside the provider). */
export function useNotifications(): NotificationsState | null {
  return useContext(NotificationsContext);
}
