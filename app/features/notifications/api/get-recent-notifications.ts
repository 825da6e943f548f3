import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { RecentNotifications } from "../../../../worker/contracts/notifications.ts";
import { eligibleCampaignNotifications } from "../utils/notification-rules";

/** `GET /v1/notification/recent`: the fetcher, the query options (and their keys) and the hooks that read it. */

export const NOTIFICATIONS_REFETCH_INTERVAL_MS = 60_000;

/** Every notification query sits under `notificationKeys.all`: invalidating it refreshes them all. */
export const notificationKeys = {
  all: ["notifications"] as const,
  recent: () => [...notificationKeys.all, "recent"] as const,
};

export async function getRecentNotifications(): Promise<RecentNotifications> {
  const [api, { recentNotificationsSchema }] = await Promise.all([apiClient(), import("../../../../worker/contracts/notifications.ts")]);
  return api.get("/v1/notification/recent", recentNotificationsSchema);
}

export function recentNotificationsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.recent(),
    queryFn: getRecentNotifications,
    refetchOnWindowFocus: true,
    refetchInterval: NOTIFICATIONS_REFETCH_INTERVAL_MS,
  });
}

/** The signed-in user's recent notifications and unread count; nothing is fetched for a visitor who is not signed in. */
export function useRecentNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...recentNotificationsQueryOptions(), enabled });
}

/** For the dashboard's call-to-action banners. */
export function useEligibleCampaignNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({
    ...recentNotificationsQueryOptions(),
    select: (response) => eligibleCampaignNotifications(response.data),
    enabled,
  });
}
