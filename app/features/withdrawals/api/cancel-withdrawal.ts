import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRevalidator } from "react-router";
import { browserClients } from "~/lib/api/browser-clients";
import { withdrawalSchema, type Withdrawal } from "@contracts/withdrawals.ts";
import { withdrawalKeys } from "./withdrawal-keys";

/** `DELETE /v1/withdrawal/{id}?page_path&trigger`: cancels a withdrawal still waiting for its code; the hold is released. */
export function cancelWithdrawal(input: { withdrawalId: string; pagePath?: string }): Promise<Withdrawal> {
  return browserClients().api.delete(`/v1/withdrawal/${encodeURIComponent(input.withdrawalId)}`, withdrawalSchema, {
    query: { page_path: input.pagePath, trigger: "cancel-withdrawal" },
    required: { withdrawalId: input.withdrawalId },
  });
}

/** The released amount is back in the balance (the route's loader data): it and the history are refreshed. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  const revalidator = useRevalidator();
  return useMutation({
    mutationFn: cancelWithdrawal,
    networkMode: "always",
    onSuccess: () => {
      void revalidator.revalidate();
      void queryClient.invalidateQueries({ queryKey: withdrawalKeys.all });
    },
  });
}
