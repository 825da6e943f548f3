import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { feedbackChangeSchema, type FeedbackChange } from "@contracts/admin.ts";
import { adminKeys } from "./admin-keys";

function changePath(feedbackId: string, change: "read" | "handled"): string {
  return `/v1/admin/feedback/${encodeURIComponent(feedbackId)}/${change}`;
}

/** `POST /v1/admin/feedback/{id}/read`: opening a message marks it read (once; again changes nothing). */
export function readFeedback(feedbackId: string): Promise<FeedbackChange> {
  return browserClients().api.post(changePath(feedbackId, "read"), feedbackChangeSchema);
}

/** `POST /v1/admin/feedback/{id}/handled`: idempotent; a second call answers `changed: false`. */
export function handleFeedback(feedbackId: string): Promise<FeedbackChange> {
  return browserClients().api.post(changePath(feedbackId, "handled"), feedbackChangeSchema);
}

export function useReadFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: readFeedback,
    networkMode: "always",
    onSuccess: (result) => {
      if (result.changed) void queryClient.invalidateQueries({ queryKey: adminKeys.feedbackAll() });
    },
  });
}

export function useHandleFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: handleFeedback,
    networkMode: "always",
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.feedbackAll() }),
  });
}
