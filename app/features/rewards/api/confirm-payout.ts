import { useMutation } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { apiClient } from "~/lib/api/on-demand";
import type { PayoutConfirmationAnswer } from "@contracts/pages.ts";

/** `POST /v1/action/payout/confirm/{campaignId}`: claims the creator's eligible posts of the campaign. */
export async function confirmPayout(campaignId: string): Promise<PayoutConfirmationAnswer> {
  const [api, { payoutConfirmationSchema }] = await Promise.all([apiClient(), import("@contracts/pages.ts")]);
  return api.post(`/v1/action/payout/confirm/${encodeURIComponent(campaignId)}`, payoutConfirmationSchema, {
    required: { campaignId },
  });
}

/**
 * Claiming changes the campaign page's standing and posts, which come from the route's loader: that is revalidated
 * (without waiting: the confirmation shows at once). `networkMode: "always"`: offline, it fails at once with its toast.
 */
export function useConfirmPayout(options: { onError?: (error: unknown) => void } = {}) {
  const revalidator = useRevalidator();
  return useMutation({
    mutationFn: confirmPayout,
    networkMode: "always",
    onSuccess: () => {
      void revalidator.revalidate();
    },
    onError: (error) => options.onError?.(error),
  });
}
