import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { advertiserDepositSchema, type AdvertiserDepositView, type DepositInput } from "@contracts/advertiser-funding.ts";
import { fundingKeys } from "./funding-keys";

export type CreateDepositInput = DepositInput & { idempotencyKey: string };

/** `POST /v1/advertiser/{advertiserId}/deposits`; the key is made once per press of "Add funds", so a retry is the same deposit. */
export function createDeposit(advertiserId: string, { idempotencyKey, ...input }: CreateDepositInput): Promise<AdvertiserDepositView> {
  return browserClients().api.post(`/v1/advertiser/${encodeURIComponent(advertiserId)}/deposits`, advertiserDepositSchema, {
    body: input,
    headers: { "Idempotency-Key": idempotencyKey },
  });
}

export function useCreateDeposit(advertiserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDepositInput) => createDeposit(advertiserId, input),
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: fundingKeys.funds(advertiserId) }),
  });
}
