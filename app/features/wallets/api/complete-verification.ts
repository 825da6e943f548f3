import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { walletSchema, type CompleteVerificationBody, type Wallet, type WalletList } from "@contracts/wallets.ts";
import { walletKeys } from "~/lib/queries/wallet-keys";

/** `POST /v1/wallet/complete-verification`: the signature of the message; the server checks it and marks the wallet verified. */
export function completeWalletVerification(body: CompleteVerificationBody): Promise<Wallet> {
  return browserClients().api.post("/v1/wallet/complete-verification", walletSchema, { body });
}

/**
 * A verified wallet shows its badge at once in every cached list (the server's answer is the wallet as it is now),
 * then the lists are refetched; it is now one a withdrawal can go to.
 */
export function useCompleteWalletVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeWalletVerification,
    networkMode: "always",
    onSuccess: async (wallet) => {
      queryClient.setQueriesData<WalletList>({ queryKey: walletKeys.lists() }, (list) =>
        list === undefined ? list : { data: list.data.map((known) => (known.id === wallet.id ? wallet : known)) },
      );
      await queryClient.invalidateQueries({ queryKey: walletKeys.lists() });
    },
  });
}
