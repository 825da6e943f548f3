import { z } from "zod/mini";
import { browserClients } from "~/lib/api/browser-clients";
import { useMarkReadMutation } from "./mark-read-in-cache";

/** `DELETE /v1/notification/{id}`: marks one notification read. */
export function markNotificationRead(notificationId: string): Promise<undefined> {
  return browserClients().api.delete(`/v1/notification/${encodeURIComponent(notificationId)}`, z.undefined(), {
    required: { notificationId },
  });
}

export function useMarkNotificationRead() {
  return useMarkReadMutation(markNotificationRead, (notification, notificationId: string) => notification.id === notificationId);
}
