import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { CommissionSettings, CommissionSettingsInput, CreatorCommissions } from "@contracts/commissions.ts";

/** Commissions (docs/decisions/045-commissions.md): a campaign's settings in the console, a creator's own list. */
export const commissionKeys = {
  settings: (advertiserId: string, campaignId: string) => ["commission-settings", advertiserId, campaignId] as const,
  mine: ["my-commissions"] as const,
};

const settingsPath = (advertiserId: string, campaignId: string) =>
  `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/commissions`;

async function getCommissionSettings(advertiserId: string, campaignId: string): Promise<CommissionSettings> {
  const [api, { commissionSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.get(settingsPath(advertiserId, campaignId), commissionSettingsSchema, { required: { advertiserId, campaignId } });
}

async function saveCommissionSettings(
  advertiserId: string,
  campaignId: string,
  input: CommissionSettingsInput,
): Promise<CommissionSettings> {
  const [api, { commissionSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.put(settingsPath(advertiserId, campaignId), commissionSettingsSchema, { body: input, required: { advertiserId, campaignId } });
}

/** The key is made once per intended funding, so pressing again after a lost answer funds the budget once. */
async function fundCommissionBudget(
  advertiserId: string,
  campaignId: string,
  input: { amount: number; idempotencyKey: string },
): Promise<CommissionSettings> {
  const [api, { commissionSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.post(`${settingsPath(advertiserId, campaignId)}/budget`, commissionSettingsSchema, {
    body: { amount: input.amount },
    headers: { "Idempotency-Key": input.idempotencyKey },
    required: { advertiserId, campaignId },
  });
}

async function getMyCommissions(): Promise<CreatorCommissions> {
  const [api, { creatorCommissionsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.get("/v1/commissions", creatorCommissionsSchema);
}

export function useCommissionSettings(advertiserId: string, campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: commissionKeys.settings(advertiserId, campaignId),
      queryFn: () => getCommissionSettings(advertiserId, campaignId),
    }),
  );
}

export function useSaveCommissionSettings(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CommissionSettingsInput) => saveCommissionSettings(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(commissionKeys.settings(advertiserId, campaignId), saved),
  });
}

export function useFundCommissionBudget(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; idempotencyKey: string }) => fundCommissionBudget(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(commissionKeys.settings(advertiserId, campaignId), saved),
  });
}

export function useMyCommissions() {
  return useQuery(queryOptions({ queryKey: commissionKeys.mine, queryFn: getMyCommissions }));
}
