import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod/mini";
import { apiClient } from "~/lib/api/on-demand";

/**
 * One kind of a campaign's settings in the console (commissions, referral links, risk review): read with
 * `GET /v1/advertiser/{id}/campaigns/{campaignId}/{segment}`, replaced with `PUT` on the same address, which answers
 * the settings as saved.
 */
export type CampaignSettingsKind<Settings> = {
  /** The last part of the address: "commissions", "referrals", "review-settings". */
  segment: string;
  /** The contract's schema of the settings, imported when first needed (a console card loads on demand). */
  schema: () => Promise<z.core.$ZodType<Settings>>;
};

export const campaignSettingsKeys = {
  of: (segment: string, advertiserId: string, campaignId: string) => ["campaign-settings", segment, advertiserId, campaignId] as const,
};

export const campaignSettingsPath = (segment: string, advertiserId: string, campaignId: string) =>
  `/v1/advertiser/${encodeURIComponent(advertiserId)}/campaigns/${encodeURIComponent(campaignId)}/${segment}`;

export function useCampaignSettings<Settings>(kind: CampaignSettingsKind<Settings>, advertiserId: string, campaignId: string) {
  return useQuery(
    queryOptions({
      queryKey: campaignSettingsKeys.of(kind.segment, advertiserId, campaignId),
      queryFn: async (): Promise<Settings> => {
        const [api, schema] = await Promise.all([apiClient(), kind.schema()]);
        return api.get(campaignSettingsPath(kind.segment, advertiserId, campaignId), schema, { required: { advertiserId, campaignId } });
      },
    }),
  );
}

/** Saves the settings; the answer replaces what the card shows. */
export function useSaveCampaignSettings<Settings, Input>(kind: CampaignSettingsKind<Settings>, advertiserId: string, campaignId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input): Promise<Settings> => {
      const [api, schema] = await Promise.all([apiClient(), kind.schema()]);
      return api.put(campaignSettingsPath(kind.segment, advertiserId, campaignId), schema, {
        body: input,
        required: { advertiserId, campaignId },
      });
    },
    networkMode: "always",
    onSuccess: (saved) => queryClient.setQueryData(campaignSettingsKeys.of(kind.segment, advertiserId, campaignId), saved),
  });
}
