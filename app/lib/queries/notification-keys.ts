/**
 * Every notification query sits under `notificationKeys.all`: invalidating it refreshes them all. Shared: the
 * notifications feature reads them, and joining a campaign (which sends a notification) refreshes them.
 */
export const notificationKeys = {
  all: ["notifications"] as const,
  recent: () => [...notificationKeys.all, "recent"] as const,
};
