import { apiClient } from "~/lib/api/on-demand";
import { useMarkReadMutation } from "./mark-read-in-cache";

/** `DELETE /v1/notification/{id}`: marks one notification read. */
export async function markNotificationRead(notificationId: string): Promise<undefined> {
  const [api, { noContentSchema }] = await Promise.all([apiClient(), import("@contracts/no-content.ts")]);
  return api.delete(`/v1/notification/${encodeURIComponent(notificationId)}`, noContentSchema, {
    required: { notificationId },
  });
}

export function useMarkNotificationRead() {
  return useMarkReadMutation(markNotificationRead, (notification, notificationId: string) => notification.id === notificationId);
}
