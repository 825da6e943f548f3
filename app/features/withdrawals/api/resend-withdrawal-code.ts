import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { withdrawalSchema, type Withdrawal } from "@contracts/withdrawals.ts";
import { withdrawalKeys } from "./withdrawal-keys";

/** `POST /v1/withdrawal/{id}/verify/resend`: a new mailed code, at most once a minute (429 with Retry-After). */
export function resendWithdrawalCode(withdrawalId: string): Promise<Withdrawal> {
  return browserClients().api.post(`/v1/withdrawal/${encodeURIComponent(withdrawalId)}/verify/resend`, withdrawalSchema, {
    required: { withdrawalId },
  });
}

export function useResendWithdrawalCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWithdrawalCode,
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: withdrawalKeys.all }),
  });
}
