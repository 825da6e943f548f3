import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { feedbackReceiptSchema, type FeedbackInput } from "@contracts/posts.ts";

/** `POST /v1/feedback`: the text goes to the admins' inbox. Nothing the creator sees changes, so nothing is invalidated. */
export function sendFeedback(input: FeedbackInput) {
  return browserClients().api.post("/v1/feedback", feedbackReceiptSchema, { body: input });
}

export function useSendFeedback(options: { onSuccess?: () => void; onError?: (error: unknown) => void } = {}) {
  return useMutation({
    mutationFn: sendFeedback,
    onSuccess: () => options.onSuccess?.(),
    onError: (error) => options.onError?.(error),
  });
}
