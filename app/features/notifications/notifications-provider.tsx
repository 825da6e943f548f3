import { useCallback, useId, useMemo, useState, type ReactNode } from "react";
import { useRecentNotifications } from "./api/get-recent-notifications";
import { firstTimeUserNotification, sidebarNotifications } from "./notification-rules";
import { NotificationSidebar } from "./notification-sidebar";
import { NotificationsContext, type NotificationsState } from "./notifications-context";
import { useDocumentTitlePrefix } from "./use-document-title-prefix";
import { WelcomeDialog } from "./welcome-dialog";

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
      items: data === undefined ? undefined : sidebarNotifications(data.data),
      welcome: data === undefined ? null : firstTimeUserNotification(data.data),
      unreadCount: data === undefined ? 0 : data.unreadCount,
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
