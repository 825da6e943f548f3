import { useMutation, useQueryClient } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { walletSchema, type AddWalletBody, type Wallet } from "@contracts/wallets.ts";
import { walletKeys } from "~/lib/queries/wallet-keys";

/** `POST /v1/wallet`: adds a wallet, unverified. A bad field is a 400 whose `detail` names it. */
export function addWallet(body: AddWalletBody): Promise<Wallet> {
  return browserClients().api.post("/v1/wallet", walletSchema, { body });
}

/** Adding changes the wallet lists. `networkMode: "always"`: offline, it fails at once with its message. */
export function useAddWallet() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWallet,
    networkMode: "always",
    onSuccess: () => queryClient.invalidateQueries({ queryKey: walletKeys.lists() }),
  });
}
