import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Notification, RecentNotifications } from "@contracts/notifications.ts";
import { countsAsUnread } from "../notification-rules";
import { notificationKeys } from "~/lib/queries/notification-keys";

/**
 * A mark-read mutation: marks read in the cache at once (the badge drops without waiting), puts the cache back if
 * the server refuses, then refetches the notifications (`notificationKeys.all`), the only data marking read changes.
 */
export function useMarkReadMutation<Variables>(
  mutationFn: (variables: Variables) => Promise<undefined>,
  isAffected: (notification: Notification, variables: Variables) => boolean,
) {
  const queryClient = useQueryClient();
  const queryKey = notificationKeys.recent();
  return useMutation({
    mutationFn,
    onMutate: async (variables) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData<RecentNotifications>(queryKey);
      if (previous !== undefined) {
        const newlyRead = previous.data.filter((notification) => isAffected(notification, variables) && countsAsUnread(notification));
        queryClient.setQueryData<RecentNotifications>(queryKey, {
          data: previous.data.map((notification) =>
            isAffected(notification, variables) ? { ...notification, isRead: true } : notification,
          ),
          // Unread ones older than the list are corrected by the refetch that follows.
          unreadCount: Math.max(0, previous.unreadCount - newlyRead.length),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous !== undefined) queryClient.setQueryData(queryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
