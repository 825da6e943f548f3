import { createContext, useCallback, useContext, useId, useMemo, useState, type ReactNode } from "react";
import {
  firstTimeUserNotification,
  sidebarNotifications,
  unreadCount,
  useRecentNotifications,
  type SidebarNotification,
} from "~/lib/notifications";
import type { Notification } from "../../../worker/contracts/notifications.ts";
import { NotificationSidebar } from "./notification-sidebar";
import { useDocumentTitlePrefix } from "./use-document-title-prefix";
import { WelcomeDialog } from "./welcome-dialog";

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

const NotificationsContext = createContext<NotificationsState | null>(null);

/** The notifications of the signed-in user, or null for a visitor who is not signed in (or outside the provider). */
export function useNotifications(): NotificationsState | null {
  return useContext(NotificationsContext);
}

/**
 * Loads the signed-in user's notifications and shares them, with the sidebar's open state, between the bell (in
 * the header) and what this provider renders itself: the sidebar, the welcome dialog and the title prefix.
 * Renders only its children for a visitor who is not signed in (`signedIn`: `useCurrentUser() !== null`).
 */
export function NotificationsProvider({ signedIn, children }: { signedIn: boolean; children: ReactNode }) {
  const query = useRecentNotifications({ enabled: signedIn });
  const [sidebarOpen, setSidebarOpen] = useState(false);
  const sidebarId = useId();

  const toggleSidebar = useCallback(() => setSidebarOpen((open) => !open), []);
  const closeSidebar = useCallback(() => setSidebarOpen(false), []);

  const { data, status, dataUpdatedAt } = query;
  const state = useMemo<NotificationsState | null>(() => {
    if (!signedIn) return null;
    return {
      sidebarOpen,
      toggleSidebar,
      closeSidebar,
      sidebarId,
      items: data === undefined ? undefined : sidebarNotifications(data),
      welcome: data === undefined ? null : firstTimeUserNotification(data),
      unreadCount: data === undefined ? 0 : unreadCount(data),
      status,
      fetchedAt: dataUpdatedAt,
    };
  }, [signedIn, sidebarOpen, toggleSidebar, closeSidebar, sidebarId, data, status, dataUpdatedAt]);

  return (
    <NotificationsContext.Provider value={state}>
      {children}
      {state === null ? null : <SignedInExtras count={state.unreadCount} />}
    </NotificationsContext.Provider>
  );
}

function SignedInExtras({ count }: { count: number }) {
  useDocumentTitlePrefix(count);
  return (
    <>
      <NotificationSidebar />
      <WelcomeDialog />
    </>
  );
}
