import { useMutation } from "@tanstack/react-query";
import { browserClients } from "~/lib/api/browser-clients";
import { walletChallengeSchema, type WalletChallenge } from "@contracts/wallets.ts";

/** `POST /v1/wallet/start-verification`: a one-time message to sign with the wallet, valid for 10 minutes. */
export function startWalletVerification(walletId: string): Promise<WalletChallenge> {
  return browserClients().api.post("/v1/wallet/start-verification", walletChallengeSchema, { body: { walletId }, required: { walletId } });
}

/** Making a message changes no data that is shown, so nothing is refetched. */
export function useStartWalletVerification() {
  return useMutation({ mutationFn: startWalletVerification, networkMode: "always" });
}
