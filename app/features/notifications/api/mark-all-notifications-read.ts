import { apiClient } from "~/lib/api/on-demand";
import { useMarkReadMutation } from "./mark-read-in-cache";

/** `DELETE /v1/notification`: marks every notification read. */
export async function markAllNotificationsRead(): Promise<undefined> {
  const [api, { z }] = await Promise.all([apiClient(), import("zod/mini")]);
  return api.delete("/v1/notification", z.undefined());
}

export function useMarkAllNotificationsRead() {
  return useMarkReadMutation(markAllNotificationsRead, () => true);
}
