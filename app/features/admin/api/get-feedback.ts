import { queryOptions, useQuery } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { adminFeedbackListSchema, type AdminFeedbackList, type FeedbackStatusFilter } from "@contracts/admin.ts";
import { adminKeys } from "./admin-keys";

/** `GET /v1/admin/feedback?status=…`: unhandled first, newest first, with the counts of every filter. */
export function getFeedback(status: FeedbackStatusFilter): Promise<AdminFeedbackList> {
  return browserClients().api.get("/v1/admin/feedback", adminFeedbackListSchema, { query: { status } });
}

export function feedbackQueryOptions(status: FeedbackStatusFilter, initialData?: AdminFeedbackList) {
  return queryOptions({
    queryKey: adminKeys.feedback(status),
    queryFn: () => getFeedback(status),
    initialData,
    staleTime: 30_000,
  });
}

/** The inbox under one filter; the server-rendered open list is its starting point. */
export function useFeedback(status: FeedbackStatusFilter, initialData?: AdminFeedbackList) {
  return useQuery(feedbackQueryOptions(status, initialData));
}
