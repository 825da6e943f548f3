import type { FeedbackStatusFilter } from "@contracts/admin.ts";

/** Every admin query sits under `adminKeys.all`: invalidating it refreshes them all. */
export const adminKeys = {
  all: ["admin"] as const,
  feedbackAll: () => [...adminKeys.all, "feedback"] as const,
  feedback: (status: FeedbackStatusFilter) => [...adminKeys.feedbackAll(), status] as const,
  campaignAudiences: (q: string) => [...adminKeys.all, "campaign-audiences", q] as const,
  funnel: (advertiserId: string | null) => [...adminKeys.all, "funnel", advertiserId ?? "every-advertiser"] as const,
};
