import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { RiskSettings, RiskSettingsInput } from "@contracts/risk-review.ts";

/** A campaign's review threshold and window in the console (docs/decisions/047-risk-and-review.md). */
export const reviewSettingsKeys = {
  all: ["review-settings"] as const,
  of: (advertiserId: string, campaignId: string) => [...reviewSettingsKeys.all, advertiserId, campaignId] as const,
};

const settingsPath = (advertiserId: string, campaignId: string) =>
  `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/review-settings`;

export async function getReviewSettings(advertiserId: string, campaignId: string): Promise<RiskSettings> {
  const [api, { riskSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/risk-review.ts")]);
  return api.get(settingsPath(advertiserId, campaignId), riskSettingsSchema, { required: { advertiserId, campaignId } });
}

export async function saveReviewSettings(advertiserId: string, campaignId: string, input: RiskSettingsInput): Promise<RiskSettings> {
  const [api, { riskSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/risk-review.ts")]);
  return api.put(settingsPath(advertiserId, campaignId), riskSettingsSchema, { body: input, required: { advertiserId, campaignId } });
}

export function useReviewSettings(advertiserId: string, campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: reviewSettingsKeys.of(advertiserId, campaignId),
      queryFn: () => getReviewSettings(advertiserId, campaignId),
    }),
  );
}

export function useSaveReviewSettings(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RiskSettingsInput) => saveReviewSettings(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(reviewSettingsKeys.of(advertiserId, campaignId), saved),
  });
}
