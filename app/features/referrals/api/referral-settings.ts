import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { ReferralSettings, ReferralSettingsInput } from "@contracts/referrals.ts";

/** A campaign's referral settings in the console (docs/decisions/043-referral-links.md). */
export const referralSettingsKeys = {
  all: ["referral-settings"] as const,
  of: (advertiserId: string, campaignId: string) => [...referralSettingsKeys.all, advertiserId, campaignId] as const,
};

const settingsPath = (advertiserId: string, campaignId: string) =>
  `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/referrals`;

export async function getReferralSettings(advertiserId: string, campaignId: string): Promise<ReferralSettings> {
  const [api, { referralSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/referrals.ts")]);
  return api.get(settingsPath(advertiserId, campaignId), referralSettingsSchema, { required: { advertiserId, campaignId } });
}

export async function saveReferralSettings(
  advertiserId: string,
  campaignId: string,
  input: ReferralSettingsInput,
): Promise<ReferralSettings> {
  const [api, { referralSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/referrals.ts")]);
  return api.put(settingsPath(advertiserId, campaignId), referralSettingsSchema, { body: input, required: { advertiserId, campaignId } });
}

export function useReferralSettings(advertiserId: string, campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: referralSettingsKeys.of(advertiserId, campaignId),
      queryFn: () => getReferralSettings(advertiserId, campaignId),
    }),
  );
}

export function useSaveReferralSettings(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReferralSettingsInput) => saveReferralSettings(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(referralSettingsKeys.of(advertiserId, campaignId), saved),
  });
}
