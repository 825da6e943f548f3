import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { browserClients } from "~/lib/api/browser-clients";
import { withdrawalSchema, type Withdrawal } from "@contracts/withdrawals.ts";
import { withdrawalKeys } from "./withdrawal-keys";

/** `POST /v1/withdrawal/{id}/verify`: the code from the authenticator app or the e-mail. */
export function verifyWithdrawal(input: { withdrawalId: string; code: string }): Promise<Withdrawal> {
  return browserClients().api.post(`/v1/withdrawal/${encodeURIComponent(input.withdrawalId)}/verify`, withdrawalSchema, {
    body: { code: input.code },
    required: { withdrawalId: input.withdrawalId },
  });
}

/**
 * Verified, the withdrawal is pending (a fifth wrong code cancels it): the history and the balance are refreshed
 * either way.
 */
export function useVerifyWithdrawal() {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  const refresh = () => {
    void revalidator.revalidate();
    void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
  };
  return useMutation({ mutationFn: verifyWithdrawal, networkMode: "always", onSuccess: refresh, onError: refresh });
}
