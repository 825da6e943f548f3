import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { withdrawalCreatedSchema, type WithdrawalCreated } from "@contracts/withdrawals.ts";
import { browserClients } from "~/lib/api/browser-clients";
import { withdrawalKeys } from "./withdrawal-keys";

export type RequestWithdrawalInput = {
  walletId: string;
  amount: number;
  currency: string;
  /** One per withdrawal the person means: a retry of the same request sends the same key and gets the same withdrawal. */
  idempotencyKey: string;
  pagePath?: string;
};

/** `POST /v1/withdrawal?page_path&trigger` with `Idempotency-Key`: the amount is held at once; the code step follows. */
export function requestWithdrawal(input: RequestWithdrawalInput): Promise<WithdrawalCreated> {
  return browserClients().api.post("/v1/withdrawal", withdrawalCreatedSchema, {
    query: { trigger: "withdraw-dialog", page_path: input.pagePath },
    body: { walletId: input.walletId, amount: input.amount, currency: input.currency },
    headers: { "Idempotency-Key": input.idempotencyKey },
  });
}

/**
 * The hold changes the balance (the route's loader data) and the history: both are refreshed. `networkMode:
 * "always"`: offline, it fails at once with its message.
 */
export function useRequestWithdrawal() {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return useMutation({
    mutationFn: requestWithdrawal,
    networkMode: "always",
    onSuccess: () => {
      void revalidator.revalidate();
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
    },
  });
}
