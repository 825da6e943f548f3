import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import { campaignSettingsKeys, campaignSettingsPath, type CampaignSettingsKind } from "~/lib/queries/campaign-settings";
import type { CommissionSettings, CreatorCommissions } from "@contracts/commissions.ts";

/** Commissions (docs/decisions/045-commissions.md): a campaign's settings and budget in the console, a creator's own list. */
export const commissionSettings: CampaignSettingsKind<CommissionSettings> = {
  segment: "commissions",
  schema: async () => (await import("@contracts/commissions.ts")).commissionSettingsSchema,
};

const myCommissionsKey = ["my-commissions"] as const;

/** The key is made once per intended funding, so pressing again after a lost answer funds the budget once. */
async function fundCommissionBudget(
  advertiserId: string,
  campaignId: string,
  input: { amount: number; idempotencyKey: string },
): Promise<CommissionSettings> {
  const [api, { commissionSettingsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.post(`${campaignSettingsPath(commissionSettings.segment, advertiserId, campaignId)}/budget`, commissionSettingsSchema, {
    body: { amount: input.amount },
    headers: { "Idempotency-Key": input.idempotencyKey },
    required: { advertiserId, campaignId },
  });
}

async function getMyCommissions(): Promise<CreatorCommissions> {
  const [api, { creatorCommissionsSchema }] = await Promise.all([apiClient(), import("@contracts/commissions.ts")]);
  return api.get("/v1/commissions", creatorCommissionsSchema);
}

/** Adds to the budget; the answer (the settings with the new budget) replaces what the card shows. */
export function useFundCommissionBudget(advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { amount: number; idempotencyKey: string }) => fundCommissionBudget(advertiserId, campaignId, input),
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(campaignSettingsKeys.of(commissionSettings.segment, advertiserId, campaignId), saved),
  });
}

export function useMyCommissions() {
  return useQuery(queryOptions({ queryKey: myCommissionsKey, queryFn: getMyCommissions }));
}
