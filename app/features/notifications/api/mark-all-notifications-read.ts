import { z } from "zod/mini";
import { browserClients } from "~/lib/api/browser-clients";
import { useMarkReadMutation } from "./mark-read-in-cache";

/** `DELETE /v1/notification`: marks every notification read. */
export function markAllNotificationsRead(): Promise<undefined> {
  return browserClients().api.delete("/v1/notification", z.undefined());
}

export function useMarkAllNotificationsRead() {
  return useMarkReadMutation(markAllNotificationsRead, () => true);
}
