import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import {
  reviewDecisionResultSchema,
  reviewQueueSchema,
  type ReviewDecisionInput,
  type ReviewDecisionResult,
  type ReviewQueue,
} from "@contracts/risk-review.ts";
import { advertiserKeys } from "~/lib/queries/advertiser-keys";

/** The query key of an account's review queue (under `advertiserKeys.all`, so invalidating that refreshes it too). */
export const reviewQueueQueryKey = (advertiserId: string) => [...advertiserKeys.all, advertiserId, "reviews"] as const;

const reviewsPath = (advertiserId: string) => `/v1/advertiser/${encodeURIComponent(advertiserId)}/reviews`;

/** `GET /v1/advertiser/{advertiserId}/reviews`: held items and the latest decisions. */
export function getReviewQueue(advertiserId: string): Promise<ReviewQueue> {
  return browserClients().api.get(reviewsPath(advertiserId), reviewQueueSchema);
}

/** The account's review queue, starting from what the server rendered. */
export function useReviewQueue(advertiserId: string, initialData: ReviewQueue) {
  return useQuery(
    queryOptions({
      queryKey: reviewQueueQueryKey(advertiserId),
      queryFn: () => getReviewQueue(advertiserId),
      initialData,
      staleTime: 30_000,
    }),
  );
}

/** `POST /v1/advertiser/{advertiserId}/reviews/decisions`: approves or rejects held items (a repeat changes nothing). */
export function decideReviews(advertiserId: string, input: ReviewDecisionInput): Promise<ReviewDecisionResult> {
  return browserClients().api.post(`${reviewsPath(advertiserId)}/decisions`, reviewDecisionResultSchema, { body: input });
}

export function useDecideReviews(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReviewDecisionInput) => decideReviews(advertiserId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewQueueQueryKey(advertiserId) }),
  });
}
