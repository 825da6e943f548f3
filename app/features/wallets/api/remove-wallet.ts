import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { noContentSchema } from "@contracts/no-content.ts";
import { walletKeys } from "~/lib/queries/wallet-keys";

/** `DELETE /v1/wallet/{walletId}`: removes a wallet; refused (409) while a withdrawal to it is in flight. */
export function removeWallet(walletId: string): Promise<undefined> {
  return browserClients().api.delete(`/v1/wallet/${encodeURIComponent(walletId)}`, noContentSchema, { required: { walletId } });
}

export function useRemoveWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWallet,
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.lists() }),
  });
}
