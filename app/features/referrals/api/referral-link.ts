import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiClient } from "~/lib/api/on-demand";
import type { ReferralLink } from "@contracts/referrals.ts";

/** A joined creator's referral link for a campaign and its clicks (docs/decisions/043-referral-links.md). */
export const referralLinkKeys = {
  all: ["referral-link"] as const,
  of: (campaignId: string) => [...referralLinkKeys.all, campaignId] as const,
};

/** `GET /v1/campaign/{campaignId}/referral-link`. */
export async function getReferralLink(campaignId: string): Promise<ReferralLink> {
  const [api, { referralLinkSchema }] = await Promise.all([apiClient(), import("@contracts/referrals.ts")]);
  return api.get(`/v1/campaign/${encodeURIComponent(campaignId)}/referral-link`, referralLinkSchema, { required: { campaignId } });
}

export function useReferralLink(campaignId: string) {
  return useQuery(queryOptions({ queryKey: referralLinkKeys.of(campaignId), queryFn: () => getReferralLink(campaignId) }));
}
