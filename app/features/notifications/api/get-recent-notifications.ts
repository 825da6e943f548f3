import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import { notificationKeys } from "~/lib/queries/notification-keys";
import type { RecentNotifications } from "@contracts/notifications.ts";
import { eligibleCampaignNotifications } from "../notification-rules";

/** `GET /v1/notification/recent`: the fetcher, the query options (and their keys) and the hooks that read it. */

export const NOTIFICATIONS_REFETCH_INTERVAL_MS = 60_000;

export async function getRecentNotifications(): Promise<RecentNotifications> {
  const [api, { recentNotificationsSchema }] = await Promise.all([apiClient(), import("@contracts/notifications.ts")]);
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
