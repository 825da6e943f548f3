import { apiClient } from "~/lib/api/on-demand";
import { useMarkReadMutation } from "./mark-read-in-cache";

/** `DELETE /v1/notification`: marks every notification read. */
export async function markAllNotificationsRead(): Promise<undefined> {
  const [api, { noContentSchema }] = await Promise.all([apiClient(), import("@contracts/no-content.ts")]);
  return api.delete("/v1/notification", noContentSchema);
}

export function useMarkAllNotificationsRead() {
  return useMarkReadMutation(markAllNotificationsRead, () => true);
}
